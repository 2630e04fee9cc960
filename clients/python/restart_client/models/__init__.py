"""Contains all the data models used in inputs/outputs"""

from .adjudged import Adjudged
from .adjudicate_request import AdjudicateRequest
from .adjudication_problem import AdjudicationProblem
from .adjudication_problem_code_type_0 import AdjudicationProblemCodeType0
from .answer_conflict_problem import AnswerConflictProblem
from .answer_conflict_problem_code_type_0 import AnswerConflictProblemCodeType0
from .answer_offer_request import AnswerOfferRequest
from .approval import Approval
from .bad_request_problem import BadRequestProblem
from .bad_request_problem_code_type_0 import BadRequestProblemCodeType0
from .bot_level import BotLevel
from .bot_level_description import BotLevelDescription
from .bot_levels import BotLevels
from .bot_seat import BotSeat
from .claim_conflict_problem import ClaimConflictProblem
from .claim_conflict_problem_code_type_0 import ClaimConflictProblemCodeType0
from .claimed_table_seat import ClaimedTableSeat
from .clock import Clock
from .clock_request import ClockRequest
from .colour import Colour
from .create_game_request import CreateGameRequest
from .create_table_request import CreateTableRequest
from .create_webhook_request import CreateWebhookRequest
from .created_game import CreatedGame
from .created_game_tokens import CreatedGameTokens
from .created_table import CreatedTable
from .created_table_tokens import CreatedTableTokens
from .created_webhook import CreatedWebhook
from .creation_invalid_problem import CreationInvalidProblem
from .creation_invalid_problem_code_type_0 import CreationInvalidProblemCodeType0
from .creation_refused_problem import CreationRefusedProblem
from .creation_refused_problem_code_type_0 import CreationRefusedProblemCodeType0
from .dealt_hand import DealtHand
from .deliveries_page import DeliveriesPage
from .delivery import Delivery
from .delivery_status import DeliveryStatus
from .disabled_reason import DisabledReason
from .end_reason import EndReason
from .event_frame import EventFrame
from .event_type import EventType
from .events_page import EventsPage
from .forbidden_problem import ForbiddenProblem
from .forbidden_problem_code_type_0 import ForbiddenProblemCodeType0
from .game_frame import GameFrame
from .game_internal_error_problem import GameInternalErrorProblem
from .game_internal_error_problem_code_type_0 import GameInternalErrorProblemCodeType0
from .game_over import GameOver
from .game_paused import GamePaused
from .game_query_problem import GameQueryProblem
from .game_query_problem_code_type_0 import GameQueryProblemCodeType0
from .game_rated import GameRated
from .game_record import GameRecord
from .game_record_format import GameRecordFormat
from .game_resumed import GameResumed
from .game_status import GameStatus
from .game_summary import GameSummary
from .game_view import GameView
from .games_page import GamesPage
from .get_contract_json_response_200 import GetContractJsonResponse200
from .hand_frame import HandFrame
from .header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from .header_fields_too_large_problem_code_type_0 import HeaderFieldsTooLargeProblemCodeType0
from .health import Health
from .health_status import HealthStatus
from .hint import Hint
from .hint_refused_problem import HintRefusedProblem
from .hint_refused_problem_code_type_0 import HintRefusedProblemCodeType0
from .hint_unavailable_problem import HintUnavailableProblem
from .hint_unavailable_problem_code_type_0 import HintUnavailableProblemCodeType0
from .illegal_code import IllegalCode
from .internal_error_problem import InternalErrorProblem
from .internal_error_problem_code_type_0 import InternalErrorProblemCodeType0
from .invalid_request_problem import InvalidRequestProblem
from .invalid_request_problem_code_type_0 import InvalidRequestProblemCodeType0
from .invitation import Invitation
from .invitation_gone_problem import InvitationGoneProblem
from .invitation_gone_problem_code_type_0 import InvitationGoneProblemCodeType0
from .invitation_request import InvitationRequest
from .invitation_revoked import InvitationRevoked
from .later_event import LaterEvent
from .later_frame import LaterFrame
from .leaderboard import Leaderboard
from .leaderboard_entry import LeaderboardEntry
from .leaderboard_refused_problem import LeaderboardRefusedProblem
from .leaderboard_refused_problem_code_type_0 import LeaderboardRefusedProblemCodeType0
from .legal_moves import LegalMoves
from .make_offer_request import MakeOfferRequest
from .malformed_request_problem import MalformedRequestProblem
from .malformed_request_problem_code_type_0 import MalformedRequestProblemCodeType0
from .move import Move
from .move_action import MoveAction
from .move_conflict_problem import MoveConflictProblem
from .move_conflict_problem_code_type_0 import MoveConflictProblemCodeType0
from .move_forbidden_problem import MoveForbiddenProblem
from .move_forbidden_problem_code_type_0 import MoveForbiddenProblemCodeType0
from .move_header_problem import MoveHeaderProblem
from .move_header_problem_code_type_0 import MoveHeaderProblemCodeType0
from .move_refused_problem import MoveRefusedProblem
from .move_refused_problem_code_type_0 import MoveRefusedProblemCodeType0
from .move_result import MoveResult
from .not_found_problem import NotFoundProblem
from .not_found_problem_code_type_0 import NotFoundProblemCodeType0
from .offer import Offer
from .offer_accepted import OfferAccepted
from .offer_answer import OfferAnswer
from .offer_conflict_problem import OfferConflictProblem
from .offer_conflict_problem_code_type_0 import OfferConflictProblemCodeType0
from .offer_declined import OfferDeclined
from .offer_forbidden_problem import OfferForbiddenProblem
from .offer_forbidden_problem_code_type_0 import OfferForbiddenProblemCodeType0
from .offer_kind import OfferKind
from .offer_lapse_reason import OfferLapseReason
from .offer_lapsed import OfferLapsed
from .offer_made import OfferMade
from .offer_policy import OfferPolicy
from .offer_policy_kind import OfferPolicyKind
from .offer_policy_request import OfferPolicyRequest
from .offer_state import OfferState
from .open_seat import OpenSeat
from .passed import Passed
from .payload_too_large_problem import PayloadTooLargeProblem
from .payload_too_large_problem_code_type_0 import PayloadTooLargeProblemCodeType0
from .person_seat import PersonSeat
from .player_rating import PlayerRating
from .player_summary import PlayerSummary
from .player_turn import PlayerTurn
from .player_turns_page import PlayerTurnsPage
from .predicted_seat import PredictedSeat
from .predicted_seat_request import PredictedSeatRequest
from .prediction import Prediction
from .prediction_refused_problem import PredictionRefusedProblem
from .prediction_refused_problem_code_type_0 import PredictionRefusedProblemCodeType0
from .prediction_request import PredictionRequest
from .problem import Problem
from .problem_code import ProblemCode
from .problem_errors import ProblemErrors
from .rate_limited_problem import RateLimitedProblem
from .rate_limited_problem_code_type_0 import RateLimitedProblemCodeType0
from .rated_game import RatedGame
from .rated_seat import RatedSeat
from .rating import Rating
from .record_clock import RecordClock
from .record_flaw_code import RecordFlawCode
from .record_holder import RecordHolder
from .record_player import RecordPlayer
from .record_round import RecordRound
from .record_verdict import RecordVerdict
from .recorded_move import RecordedMove
from .refusal import Refusal
from .rematch_conflict_problem import RematchConflictProblem
from .rematch_conflict_problem_code_type_0 import RematchConflictProblemCodeType0
from .rematched import Rematched
from .round_dealt import RoundDealt
from .round_dealt_ones_placed_by import RoundDealtOnesPlacedBy
from .round_scored import RoundScored
from .round_scored_reason import RoundScoredReason
from .rows import Rows
from .seat_absent import SeatAbsent
from .seat_back import SeatBack
from .seat_conflict_problem import SeatConflictProblem
from .seat_conflict_problem_code_type_0 import SeatConflictProblemCodeType0
from .seat_handed import SeatHanded
from .seat_holder_request import SeatHolderRequest
from .seat_holding import SeatHolding
from .seat_invitation import SeatInvitation
from .seat_invited import SeatInvited
from .seat_left import SeatLeft
from .seat_taken import SeatTaken
from .seat_vacated import SeatVacated
from .sequence import Sequence
from .sequenced_game_over import SequencedGameOver
from .sequenced_game_paused import SequencedGamePaused
from .sequenced_game_rated import SequencedGameRated
from .sequenced_game_resumed import SequencedGameResumed
from .sequenced_invitation_revoked import SequencedInvitationRevoked
from .sequenced_later_event import SequencedLaterEvent
from .sequenced_offer_accepted import SequencedOfferAccepted
from .sequenced_offer_declined import SequencedOfferDeclined
from .sequenced_offer_lapsed import SequencedOfferLapsed
from .sequenced_offer_made import SequencedOfferMade
from .sequenced_passed import SequencedPassed
from .sequenced_rematched import SequencedRematched
from .sequenced_round_dealt import SequencedRoundDealt
from .sequenced_round_scored import SequencedRoundScored
from .sequenced_seat_absent import SequencedSeatAbsent
from .sequenced_seat_back import SequencedSeatBack
from .sequenced_seat_invited import SequencedSeatInvited
from .sequenced_seat_left import SequencedSeatLeft
from .sequenced_seat_taken import SequencedSeatTaken
from .sequenced_seat_vacated import SequencedSeatVacated
from .sequenced_taken_back import SequencedTakenBack
from .sequenced_tiles_placed import SequencedTilesPlaced
from .sequenced_tiles_removed import SequencedTilesRemoved
from .sequenced_turn_timed_out import SequencedTurnTimedOut
from .snapshot import Snapshot
from .snapshot_players_item import SnapshotPlayersItem
from .storage_unavailable_problem import StorageUnavailableProblem
from .storage_unavailable_problem_code_type_0 import StorageUnavailableProblemCodeType0
from .stream_refused_problem import StreamRefusedProblem
from .stream_refused_problem_code_type_0 import StreamRefusedProblemCodeType0
from .table import Table
from .table_claim_conflict_problem import TableClaimConflictProblem
from .table_claim_conflict_problem_code_type_0 import TableClaimConflictProblemCodeType0
from .table_dealt_problem import TableDealtProblem
from .table_dealt_problem_code_type_0 import TableDealtProblemCodeType0
from .table_expired_problem import TableExpiredProblem
from .table_expired_problem_code_type_0 import TableExpiredProblemCodeType0
from .table_seat import TableSeat
from .table_seat_state import TableSeatState
from .table_status import TableStatus
from .taken_back import TakenBack
from .tile_code import TileCode
from .tiles_placed import TilesPlaced
from .tiles_removed import TilesRemoved
from .tiles_removed_purple import TilesRemovedPurple
from .timeout_pass import TimeoutPass
from .turn_timed_out import TurnTimedOut
from .unauthorized_problem import UnauthorizedProblem
from .unauthorized_problem_code_type_0 import UnauthorizedProblemCodeType0
from .unknown_player_problem import UnknownPlayerProblem
from .unknown_player_problem_code_type_0 import UnknownPlayerProblemCodeType0
from .unsupported_media_type_problem import UnsupportedMediaTypeProblem
from .unsupported_media_type_problem_code_type_0 import UnsupportedMediaTypeProblemCodeType0
from .uri_too_long_problem import UriTooLongProblem
from .uri_too_long_problem_code_type_0 import UriTooLongProblemCodeType0
from .version_mismatch_problem import VersionMismatchProblem
from .version_mismatch_problem_code_type_0 import VersionMismatchProblemCodeType0
from .webhook import Webhook
from .webhook_event_type import WebhookEventType
from .webhook_invalid_problem import WebhookInvalidProblem
from .webhook_invalid_problem_code_type_0 import WebhookInvalidProblemCodeType0
from .webhook_list import WebhookList
from .webhook_payload import WebhookPayload
from .webhook_payload_data import WebhookPayloadData
from .webhook_payload_data_turn import WebhookPayloadDataTurn
from .webhooks_limited_problem import WebhooksLimitedProblem
from .webhooks_limited_problem_code_type_0 import WebhooksLimitedProblemCodeType0

__all__ = (
    "Adjudged",
    "AdjudicateRequest",
    "AdjudicationProblem",
    "AdjudicationProblemCodeType0",
    "AnswerConflictProblem",
    "AnswerConflictProblemCodeType0",
    "AnswerOfferRequest",
    "Approval",
    "BadRequestProblem",
    "BadRequestProblemCodeType0",
    "BotLevel",
    "BotLevelDescription",
    "BotLevels",
    "BotSeat",
    "ClaimConflictProblem",
    "ClaimConflictProblemCodeType0",
    "ClaimedTableSeat",
    "Clock",
    "ClockRequest",
    "Colour",
    "CreatedGame",
    "CreatedGameTokens",
    "CreatedTable",
    "CreatedTableTokens",
    "CreatedWebhook",
    "CreateGameRequest",
    "CreateTableRequest",
    "CreateWebhookRequest",
    "CreationInvalidProblem",
    "CreationInvalidProblemCodeType0",
    "CreationRefusedProblem",
    "CreationRefusedProblemCodeType0",
    "DealtHand",
    "DeliveriesPage",
    "Delivery",
    "DeliveryStatus",
    "DisabledReason",
    "EndReason",
    "EventFrame",
    "EventsPage",
    "EventType",
    "ForbiddenProblem",
    "ForbiddenProblemCodeType0",
    "GameFrame",
    "GameInternalErrorProblem",
    "GameInternalErrorProblemCodeType0",
    "GameOver",
    "GamePaused",
    "GameQueryProblem",
    "GameQueryProblemCodeType0",
    "GameRated",
    "GameRecord",
    "GameRecordFormat",
    "GameResumed",
    "GamesPage",
    "GameStatus",
    "GameSummary",
    "GameView",
    "GetContractJsonResponse200",
    "HandFrame",
    "HeaderFieldsTooLargeProblem",
    "HeaderFieldsTooLargeProblemCodeType0",
    "Health",
    "HealthStatus",
    "Hint",
    "HintRefusedProblem",
    "HintRefusedProblemCodeType0",
    "HintUnavailableProblem",
    "HintUnavailableProblemCodeType0",
    "IllegalCode",
    "InternalErrorProblem",
    "InternalErrorProblemCodeType0",
    "InvalidRequestProblem",
    "InvalidRequestProblemCodeType0",
    "Invitation",
    "InvitationGoneProblem",
    "InvitationGoneProblemCodeType0",
    "InvitationRequest",
    "InvitationRevoked",
    "LaterEvent",
    "LaterFrame",
    "Leaderboard",
    "LeaderboardEntry",
    "LeaderboardRefusedProblem",
    "LeaderboardRefusedProblemCodeType0",
    "LegalMoves",
    "MakeOfferRequest",
    "MalformedRequestProblem",
    "MalformedRequestProblemCodeType0",
    "Move",
    "MoveAction",
    "MoveConflictProblem",
    "MoveConflictProblemCodeType0",
    "MoveForbiddenProblem",
    "MoveForbiddenProblemCodeType0",
    "MoveHeaderProblem",
    "MoveHeaderProblemCodeType0",
    "MoveRefusedProblem",
    "MoveRefusedProblemCodeType0",
    "MoveResult",
    "NotFoundProblem",
    "NotFoundProblemCodeType0",
    "Offer",
    "OfferAccepted",
    "OfferAnswer",
    "OfferConflictProblem",
    "OfferConflictProblemCodeType0",
    "OfferDeclined",
    "OfferForbiddenProblem",
    "OfferForbiddenProblemCodeType0",
    "OfferKind",
    "OfferLapsed",
    "OfferLapseReason",
    "OfferMade",
    "OfferPolicy",
    "OfferPolicyKind",
    "OfferPolicyRequest",
    "OfferState",
    "OpenSeat",
    "Passed",
    "PayloadTooLargeProblem",
    "PayloadTooLargeProblemCodeType0",
    "PersonSeat",
    "PlayerRating",
    "PlayerSummary",
    "PlayerTurn",
    "PlayerTurnsPage",
    "PredictedSeat",
    "PredictedSeatRequest",
    "Prediction",
    "PredictionRefusedProblem",
    "PredictionRefusedProblemCodeType0",
    "PredictionRequest",
    "Problem",
    "ProblemCode",
    "ProblemErrors",
    "RatedGame",
    "RatedSeat",
    "RateLimitedProblem",
    "RateLimitedProblemCodeType0",
    "Rating",
    "RecordClock",
    "RecordedMove",
    "RecordFlawCode",
    "RecordHolder",
    "RecordPlayer",
    "RecordRound",
    "RecordVerdict",
    "Refusal",
    "RematchConflictProblem",
    "RematchConflictProblemCodeType0",
    "Rematched",
    "RoundDealt",
    "RoundDealtOnesPlacedBy",
    "RoundScored",
    "RoundScoredReason",
    "Rows",
    "SeatAbsent",
    "SeatBack",
    "SeatConflictProblem",
    "SeatConflictProblemCodeType0",
    "SeatHanded",
    "SeatHolderRequest",
    "SeatHolding",
    "SeatInvitation",
    "SeatInvited",
    "SeatLeft",
    "SeatTaken",
    "SeatVacated",
    "Sequence",
    "SequencedGameOver",
    "SequencedGamePaused",
    "SequencedGameRated",
    "SequencedGameResumed",
    "SequencedInvitationRevoked",
    "SequencedLaterEvent",
    "SequencedOfferAccepted",
    "SequencedOfferDeclined",
    "SequencedOfferLapsed",
    "SequencedOfferMade",
    "SequencedPassed",
    "SequencedRematched",
    "SequencedRoundDealt",
    "SequencedRoundScored",
    "SequencedSeatAbsent",
    "SequencedSeatBack",
    "SequencedSeatInvited",
    "SequencedSeatLeft",
    "SequencedSeatTaken",
    "SequencedSeatVacated",
    "SequencedTakenBack",
    "SequencedTilesPlaced",
    "SequencedTilesRemoved",
    "SequencedTurnTimedOut",
    "Snapshot",
    "SnapshotPlayersItem",
    "StorageUnavailableProblem",
    "StorageUnavailableProblemCodeType0",
    "StreamRefusedProblem",
    "StreamRefusedProblemCodeType0",
    "Table",
    "TableClaimConflictProblem",
    "TableClaimConflictProblemCodeType0",
    "TableDealtProblem",
    "TableDealtProblemCodeType0",
    "TableExpiredProblem",
    "TableExpiredProblemCodeType0",
    "TableSeat",
    "TableSeatState",
    "TableStatus",
    "TakenBack",
    "TileCode",
    "TilesPlaced",
    "TilesRemoved",
    "TilesRemovedPurple",
    "TimeoutPass",
    "TurnTimedOut",
    "UnauthorizedProblem",
    "UnauthorizedProblemCodeType0",
    "UnknownPlayerProblem",
    "UnknownPlayerProblemCodeType0",
    "UnsupportedMediaTypeProblem",
    "UnsupportedMediaTypeProblemCodeType0",
    "UriTooLongProblem",
    "UriTooLongProblemCodeType0",
    "VersionMismatchProblem",
    "VersionMismatchProblemCodeType0",
    "Webhook",
    "WebhookEventType",
    "WebhookInvalidProblem",
    "WebhookInvalidProblemCodeType0",
    "WebhookList",
    "WebhookPayload",
    "WebhookPayloadData",
    "WebhookPayloadDataTurn",
    "WebhooksLimitedProblem",
    "WebhooksLimitedProblemCodeType0",
)
