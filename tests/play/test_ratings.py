"""``play.ratings``: places from a result (winners, points, seats that left), and the model's updates and
predictions, which are the ``openskill`` package's own."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from service.play.ratings import UNRATED, Holder, Rating, Seat, predict, rate, standing


def test_the_winners_come_first_then_the_fewest_points_and_equal_points_tie() -> None:
    assert standing([10, 3, 10], [1], [False] * 3) == (2, 1, 2)
    assert standing([30, 3, 10], [0], [False] * 3) == (1, 2, 3)  # an emptied hand wins, whatever the points
    assert standing([5, 5, 9], [0, 1], [False] * 3) == (1, 1, 2)


def test_a_seat_that_left_is_last_whatever_its_points() -> None:
    assert standing([0, 20, 30, 40], [0], [True, False, False, False]) == (4, 1, 2, 3)
    assert standing([0, 20, 5], [1], [True, False, True]) == (2, 1, 3)  # the leavers by their points


def test_rate_is_the_package_s_plackett_luce_with_ties_as_ties() -> None:
    model = PlackettLuce()
    befores = [Rating(30.0, 5.0, 3), UNRATED, Rating(20.0, 7.0, 1)]
    seats = [
        Seat((Holder(name, before),), place)
        for name, before, place in zip("abc", befores, [2, 1, 2], strict=True)
    ]
    after = rate(seats)
    expected = model.rate([[model.rating(b.mu, b.sigma)] for b in befores], ranks=[2.0, 1.0, 2.0])
    assert [team[0] for team in after] == [
        Rating(team[0].mu, team[0].sigma, before.games + 1)
        for team, before in zip(expected, befores, strict=True)
    ]
    assert after[1][0].mu > UNRATED.mu and after[1][0].sigma < UNRATED.sigma


def test_a_holder_who_played_part_of_the_game_moves_less() -> None:
    whole = rate([Seat((Holder("a", UNRATED),), 1), Seat((Holder("b", UNRATED),), 2)])
    half = rate([Seat((Holder("a", UNRATED, 0.5),), 1), Seat((Holder("b", UNRATED),), 2)])
    assert UNRATED.mu < half[0][0].mu < whole[0][0].mu


def test_the_ordinal_is_the_conservative_value() -> None:
    assert Rating(30.0, 2.0).ordinal == 24.0 and UNRATED.ordinal == pytest.approx(0.0)
    assert Rating.from_json(Rating(1.5, 2.5, 7).to_json()) == Rating(1.5, 2.5, 7)


def test_a_prediction_s_chances_sum_to_one_and_the_stronger_is_placed_first() -> None:
    predicted = predict([Rating(20.0, 3.0), Rating(35.0, 3.0), UNRATED])
    assert sum(predicted.chances) == pytest.approx(1.0)
    assert predicted.chances[1] == max(predicted.chances) and predicted.ranks[1] == 1


@pytest.mark.parametrize("size", [1, 5])
def test_a_table_is_two_to_four_seats(size: int) -> None:
    with pytest.raises(ValueError):
        predict([UNRATED] * size)
    with pytest.raises(ValueError):
        rate([Seat((Holder(str(n), UNRATED),), 1) for n in range(size)])
