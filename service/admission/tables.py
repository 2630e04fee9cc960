"""The gate of tables (``play.tables``): a new one's place among its owner's open games reserved, as
a creation's is; a table opened by a token it gave out, an open seat's invitation, or its owner's
key; each request counted against the owner."""

from __future__ import annotations

from service.admission.gate import Gate, authenticate_client, count_against_owner, reserved
from service.admission.requester import Requester
from service.play.access import Caller, is_game_id
from service.play.refusals import Unauthorized
from service.play.tables import CreatedTable, SeenTable, Table, load_table, owned, reader, save_new_table
from service.store import Store


def create_table(
    store: Store, gate: Gate, who: Requester, client_id: str, made: CreatedTable
) -> CreatedTable:
    """``made`` saved for ``client_id`` (let in by its key), counted in its games window and holding a
    place among its open games from now on (its game's place: the game takes it when dealt; freed
    once the table is gone undealt, as a game gone is: ``play.games.close_finished_games``)."""
    with reserved(store, gate, who, client_id, made.table.table_id):
        return save_new_table(store, made, who.now)


def open_table(store: Store, gate: Gate, table_id: str, who: Requester) -> SeenTable:
    """The table and who reads it: by a token it gave out or an open seat's invitation (else
    Unauthorized), or its owner's key (else TableNotFound); counted against the owner."""
    if who.token is None:
        try:
            client_id = authenticate_client(store, gate, who)
        except Unauthorized:
            raise Unauthorized() from None  # the same answer as a token that opens nothing here
        return SeenTable(owned(_read(store, table_id), client_id), Caller.admin())
    table = _read(store, table_id)
    if table is None:
        raise Unauthorized()
    caller = reader(table, who.token)
    count_against_owner(store, gate, table.owner, who)
    return SeenTable(table, caller)


def open_table_to_claim(store: Store, gate: Gate, table_id: str, who: Requester) -> Table:
    """The table a claim's invitation (its bearer token) is for, counted against its owner: the claim
    checks the invitation against the seat as each save finds it (``play.tables.claim_seat``)."""
    table = _read(store, table_id) if who.token is not None else None
    if table is None:
        raise Unauthorized()
    count_against_owner(store, gate, table.owner, who)
    return table


def _read(store: Store, table_id: str) -> Table | None:
    return load_table(store, table_id) if is_game_id(table_id) else None
