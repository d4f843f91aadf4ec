-- The schema of a new SQLite campaign file at revision 0004, as the Alembic
-- migrations build it (tests/store/test_sqlite_schema.py checks the two match).
-- New files are built from this script, so creating a campaign imports neither
-- SQLAlchemy nor Alembic; older files are migrated by Alembic.

CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);

CREATE TABLE campaigns (
	id TEXT NOT NULL, 
	name TEXT NOT NULL, 
	ruleset TEXT NOT NULL, 
	created_at TEXT NOT NULL, 
	created_by TEXT NOT NULL, 
	CONSTRAINT pk_campaigns PRIMARY KEY (id), 
	CONSTRAINT uq_campaigns_name UNIQUE (name)
);

CREATE TABLE events (
	campaign TEXT NOT NULL, 
	seq BIGINT NOT NULL, 
	at TEXT NOT NULL, 
	session BIGINT NOT NULL, 
	principal TEXT DEFAULT 'GM' NOT NULL, 
	actor TEXT NOT NULL, 
	action TEXT NOT NULL, 
	summary TEXT NOT NULL, 
	detail TEXT NOT NULL, 
	changes TEXT NOT NULL, 
	command TEXT NOT NULL, 
	undoes BIGINT, 
	visibility TEXT DEFAULT 'public' NOT NULL, 
	audience TEXT DEFAULT '' NOT NULL, 
	prev_hash TEXT NOT NULL, 
	hash TEXT NOT NULL, 
	CONSTRAINT pk_events PRIMARY KEY (campaign, seq), 
	CONSTRAINT fk_events_undoes_events FOREIGN KEY(campaign, undoes) REFERENCES events (campaign, seq), 
	CONSTRAINT fk_events_campaign_campaigns FOREIGN KEY(campaign) REFERENCES campaigns (id)
);

CREATE INDEX ix_events_campaign_action ON events (campaign, action, seq);

CREATE INDEX ix_events_campaign_undoes ON events (campaign, undoes);

CREATE INDEX ix_events_campaign_session ON events (campaign, session);

CREATE TABLE snapshots (
	campaign TEXT NOT NULL, 
	seq BIGINT NOT NULL, 
	state TEXT NOT NULL, 
	checksum TEXT NOT NULL, 
	event_hash TEXT NOT NULL, 
	made_at TEXT NOT NULL, 
	made_by TEXT NOT NULL, 
	CONSTRAINT pk_snapshots PRIMARY KEY (campaign, seq), 
	CONSTRAINT fk_snapshots_campaign_campaigns FOREIGN KEY(campaign) REFERENCES campaigns (id)
);

CREATE TABLE web_presence (
	process TEXT NOT NULL, 
	campaign TEXT NOT NULL, 
	role TEXT NOT NULL, 
	name TEXT NOT NULL, 
	sockets INTEGER NOT NULL, 
	beat_ms BIGINT NOT NULL, 
	CONSTRAINT pk_web_presence PRIMARY KEY (process, campaign, role, name)
);

CREATE INDEX ix_web_presence_campaign ON web_presence (campaign, beat_ms);

CREATE TABLE web_rate (
	campaign TEXT NOT NULL, 
	session TEXT NOT NULL, 
	second BIGINT NOT NULL, 
	sent INTEGER NOT NULL, 
	CONSTRAINT pk_web_rate PRIMARY KEY (campaign, session, second)
);

CREATE TABLE users (
	name TEXT NOT NULL, 
	password_hash TEXT NOT NULL, 
	created_at TEXT NOT NULL, 
	CONSTRAINT pk_users PRIMARY KEY (name)
);

CREATE TABLE campaign_owners (
	campaign TEXT NOT NULL, 
	owner TEXT NOT NULL, 
	ruleset TEXT NOT NULL, 
	created_at TEXT NOT NULL, 
	CONSTRAINT pk_campaign_owners PRIMARY KEY (campaign), 
	CONSTRAINT fk_campaign_owners_owner_users FOREIGN KEY(owner) REFERENCES users (name)
);

CREATE INDEX ix_campaign_owners_owner ON campaign_owners (owner);

CREATE TABLE account_sessions (
	token_hash TEXT NOT NULL, 
	username TEXT NOT NULL, 
	expires_at FLOAT NOT NULL, 
	CONSTRAINT pk_account_sessions PRIMARY KEY (token_hash), 
	CONSTRAINT fk_account_sessions_username_users FOREIGN KEY(username) REFERENCES users (name)
);

CREATE INDEX ix_account_sessions_username ON account_sessions (username);

CREATE TABLE sign_in_failures (
	"key" TEXT NOT NULL, 
	at FLOAT NOT NULL
);

CREATE INDEX ix_sign_in_failures_key ON sign_in_failures ("key", at);

INSERT INTO alembic_version (version_num) VALUES ('0004');
