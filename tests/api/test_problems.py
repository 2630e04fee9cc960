"""``problems.ANSWERS``: every error the edge can meet has its row, so a new kind cannot fall through
to a logged 500 unnoticed."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from marshmallow import ValidationError
from werkzeug.exceptions import default_exceptions

import service.play
from service.api.problems import ANSWERS, Problem, answer_for
from service.play.refusals import Refused
from service.rules.errors import RulesError
from service.store import CorruptData, StoreUnavailable


def every_subclass(kind: type[BaseException]) -> list[type[BaseException]]:
    found = []
    for subclass in kind.__subclasses__():
        found += [subclass, *every_subclass(subclass)]
    return found


def refusal_kinds() -> list[type[BaseException]]:
    """Every kind of ``Refused`` the use cases define, wherever in ``service.play`` it is."""
    for module in pkgutil.iter_modules(service.play.__path__, "service.play."):
        importlib.import_module(module.name)
    return every_subclass(Refused)


MET_AT_THE_EDGE = [
    Problem,
    *every_subclass(RulesError),
    ValidationError,
    StoreUnavailable,
    CorruptData,
    *default_exceptions.values(),
]


@pytest.mark.parametrize("kind", refusal_kinds(), ids=lambda kind: kind.__name__)
def test_every_kind_of_refusal_has_a_row(kind: type[BaseException]) -> None:
    assert answer_for(kind) is not None, f"{kind.__name__} needs its row in problems.ANSWERS"


@pytest.mark.parametrize("kind", MET_AT_THE_EDGE, ids=lambda kind: kind.__name__)
def test_every_other_error_the_edge_meets_has_a_row(kind: type[BaseException]) -> None:
    assert answer_for(kind) is not None


def test_refused_itself_has_no_row_so_a_new_kind_cannot_borrow_one() -> None:
    assert answer_for(Refused) is None and Refused not in ANSWERS


def test_an_error_nobody_foresaw_has_no_row() -> None:
    assert answer_for(RuntimeError) is None
