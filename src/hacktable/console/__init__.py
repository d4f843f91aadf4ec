"""The GM console: a session on a campaign, its commands, prompt and renderers."""
