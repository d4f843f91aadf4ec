"""``invite`` and ``revoke`` at the console (issue 12 §1; docs/rulings.md H642, H644)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import Principal, Role
from hacktable.engine.session import Session
from hacktable.errors import UnknownNameError
from hacktable.play.principal import NotAllowedError
from hacktable.store import CampaignStore
from hacktable.web.invites import InviteError, invite_book, redeem_invite, token_hash

ANN = Principal(Role.PLAYER, "Ann")


@pytest.fixture
def layer(tmp_path: Path) -> CommandLayer:
    store = CampaignStore.open(tmp_path / "lost mines.db", ruleset="redhack")
    made = CommandLayer(Session(store, 7))
    for line in ("player add Ann", "character new Aldric --class warrior --kit 1 --player Ann"):
        made.run(line)
    return made


def test_invite_a_character_names_its_player_and_shows_the_path_once(layer: CommandLayer):
    """H644: the console's ``invite`` makes the link ``hacktable invite`` makes."""
    outcome = layer.run("invite Aldric")
    made = dict(outcome.data)["invite"]
    assert made["player"] == "Ann"
    assert made["path"] == f"/t/lost-mines/join?token={made['token']}"
    assert outcome.text == (f"Invite for Ann (one use), after the server's address: {made['path']}")
    book = invite_book(layer.session)
    assert book[token_hash(made["token"])].state == "open"
    assert made["token"] not in repr(layer.session.store.events())


def test_invite_player_and_observer(layer: CommandLayer):
    """H644: ``invite player NAME``, ``invite observer``."""
    player = dict(layer.run("invite player ann").data)["invite"]
    observer = dict(layer.run("invite observer").data)["invite"]
    assert (player["role"], player["player"]) == ("player", "Ann")
    assert (observer["role"], observer["player"]) == ("observer", "observer")


def test_invite_and_revoke_are_the_gms(layer: CommandLayer):
    """H644: a player asking gets the one line of the GM's power; nothing is stored."""
    before = layer.session.store.last_seq()
    for line in ("invite Aldric", "invite", "revoke Ann"):
        with pytest.raises(NotAllowedError) as refused:
            layer.run(line, ANN)
        assert "inviting and revoking at the web table is the GM's" in refused.value.message
    assert layer.session.store.last_seq() == before


def test_revoke_kills_the_unused_invites_and_a_new_one_works(layer: CommandLayer):
    """H642: revoking kills unused invites; re-issuing is a new invite."""
    old = dict(layer.run("invite Aldric").data)["invite"]["token"]
    layer.run("revoke Ann")
    with pytest.raises(InviteError) as refused:
        redeem_invite(layer.session, old)
    assert refused.value.status == 403
    assert refused.value.message == "this invite link was revoked: ask the GM for a new one"
    new = dict(layer.run("invite Aldric").data)["invite"]["token"]
    assert redeem_invite(layer.session, new) == ANN


def test_revoke_names_a_seated_player(layer: CommandLayer):
    """H642: an unknown name is refused with the choices."""
    with pytest.raises(UnknownNameError) as refused:
        layer.run("revoke Bob")
    assert "Ann, observers" in str(refused.value)


def test_invite_lists_the_open_ones(layer: CommandLayer):
    """H644: ``invite`` alone lists the invites not used yet."""
    layer.run("invite Aldric")
    layer.run("invite observer")
    listed = dict(layer.run("invite").data)
    assert [(i["role"], i["player"]) for i in listed["invites"]] == [
        ("player", "Ann"),
        ("observer", "observer"),
    ]
    assert listed["sessions"] == []


def test_a_removed_player_still_signed_in_can_be_revoked(layer: CommandLayer):
    """docs/rulings.md H642, H695: 'player remove' unseats Ann but leaves her browser
    signed in; 'revoke Ann' still ends that session (it was refused as an unknown
    player, so the GM could never sign her out)."""
    from datetime import UTC, datetime, timedelta

    from hacktable.web.sessions import Sessions, grant_record, new_token

    token = new_token()
    until = datetime.now(UTC) + timedelta(days=1)
    invite = dict(layer.run("invite Aldric").data)["invite"]["token"]
    redeem_invite(layer.session, invite, lambda who: grant_record(who, token, until))
    layer.run("player remove Ann")
    known = Sessions()
    known.fold(layer.session.store.events())
    assert known.get(token, datetime.now(UTC)) == ANN  # still signed in
    layer.run("revoke ann")
    known.fold(layer.session.store.events())
    assert known.get(token, datetime.now(UTC)) is None
    with pytest.raises(UnknownNameError):
        layer.run("revoke Bob")  # neither seated nor signed in


def test_invite_lists_no_expired_sign_in(layer: CommandLayer):
    """docs/rulings.md H641, H644: 'invite' lists who is signed in; a session whose
    days ran out signs nobody in, so it is not listed (a sign-in of the year 2000)."""
    from datetime import UTC, datetime

    from hacktable.web.sessions import grant_record, new_token

    invite = dict(layer.run("invite Aldric").data)["invite"]["token"]
    long_ago = datetime(2000, 1, 1, tzinfo=UTC)
    redeem_invite(layer.session, invite, lambda who: grant_record(who, new_token(), long_ago))
    listed = layer.run("invite")
    assert dict(listed.data)["sessions"] == []
    assert "Ann signed in" not in listed.text
