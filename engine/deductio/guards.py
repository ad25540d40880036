"""The guards: each check the engine makes before an action, registered under the rule id it
enforces (engine.core.guard), so that a test can switch one rule off and see an example fail."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import RuleViolation, guard

from .clues import CLUES, is_true
from .rules import OVER, PENALTY, POWER, _seat

if TYPE_CHECKING:
    from .state import State


@guard("deductio.goal")
def check_game_not_over(state: State) -> None:
    """The game ends at once when a player has collected enough cards: no action after it."""
    if state.phase == OVER:
        raise RuleViolation("deductio.goal", "game-over", winners=[_seat(w) for w in state.winners])


@guard("deductio.turn.actions")
def check_players_turn(state: State, player: int | None) -> None:
    """Only the player whose turn it is acts."""
    if player is not None and player != state.turn:
        raise RuleViolation("deductio.turn.actions", "not-your-turn", player=_seat(player), to_move=_seat(state.turn))


@guard("deductio.turn.actions")
def check_clue_action_done(state: State) -> None:
    """Exactly one of clue action or guess: after the clue action only its power remains."""
    if state.phase == POWER:
        raise RuleViolation("deductio.turn.actions", "one-action-per-turn", clue=state.pending)


@guard("deductio.clue.choose-true")
def check_clue_true(state: State, clue: str) -> None:
    """A card taken upright must truthfully describe the player's secret number."""
    secret = state.secrets[state.turn]
    if not is_true(clue, secret, state.centre):
        raise RuleViolation("deductio.clue.choose-true", "clue-not-true", clue=clue, secret=secret)


@guard("deductio.clue.none-true")
def check_none_true(state: State) -> None:
    """All cards of the row are taken sideways only when none of them is true."""
    secret = state.secrets[state.turn]
    true = [c for c in state.row if is_true(c, secret, state.centre)]
    if true:
        raise RuleViolation("deductio.clue.none-true", "true-clue-in-row", clues=true, count=len(true))


@guard("deductio.clue.powers")
def check_card_has_power(state: State, clue: str, kind: str) -> None:
    """A power can only be used from a card that shows it."""
    if CLUES[clue].power_kind != kind:
        raise RuleViolation("deductio.clue.powers", "card-has-no-power", clue=clue, power=kind)


@guard("deductio.guess.wrong")
def check_no_power_in_penalty(state: State, clue: str) -> None:
    """No powers during the clue actions of a wrong-guess penalty."""
    if state.phase == PENALTY:
        raise RuleViolation("deductio.guess.wrong", "no-power-in-penalty", clue=clue)


@guard("deductio.clue.powers")
def check_power_just_placed(state: State, clue: str) -> None:
    """Only the card just placed upright, at once: not sideways cards, not earlier cards."""
    if state.phase == POWER and clue == state.pending:
        return
    p = state.turn
    if clue in state.sideways[p]:
        raise RuleViolation("deductio.clue.powers", "power-from-sideways", clue=clue)
    if clue in state.upright[p]:
        raise RuleViolation("deductio.clue.powers", "power-lost", clue=clue)
    raise RuleViolation("deductio.clue.powers", "not-just-placed", clue=clue)


@guard("deductio.clue.powers")
def check_power_pending(state: State) -> None:
    """There is a power decision to skip only right after a power card is placed upright."""
    if state.phase != POWER:
        raise RuleViolation("deductio.clue.powers", "no-power-pending")


@guard("deductio.power.eye")
def check_eye_count(state: State, clue: str, count: int, most: int) -> None:
    """The eye shows the top 1 or 2 cards: as many as its icon, no more."""
    if count > most:
        raise RuleViolation("deductio.power.eye", "too-many-cards", clue=clue, count=count, max=most)


@guard("deductio.guess.how")
def check_one_guess_per_turn(state: State) -> None:
    """One guess per turn: after a wrong guess come the penalty clue actions, not another guess."""
    if state.phase == PENALTY:
        raise RuleViolation("deductio.guess.how", "one-guess-per-turn", left=state.penalty_left)


@guard("deductio.guess.how")
def check_one_number(state: State, numbers: tuple[int, ...]) -> None:
    """A guess names exactly one number."""
    if len(numbers) != 1:
        raise RuleViolation("deductio.guess.how", "one-number-per-guess", count=len(numbers))


@guard("deductio.guess.how")
def check_other_player(state: State, target: int) -> None:
    """A guess names another player."""
    if target == state.turn:
        raise RuleViolation("deductio.guess.how", "target-self")


@guard("deductio.guess.truth")
def check_truthful_answer(state: State, target: int, numbers: tuple[int, ...], answer: str | None) -> None:
    """The guessed player must answer truthfully whether the guess is right."""
    if answer is None:
        return
    truth = "right" if state.secrets[target] in numbers else "wrong"
    if answer != truth:
        raise RuleViolation("deductio.guess.truth", "must-answer-truthfully", answer=answer, number=numbers[0])
