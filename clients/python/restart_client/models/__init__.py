"""Contains all the data models used in inputs/outputs"""

from .adjudged import Adjudged
from .adjudicate_request import AdjudicateRequest
from .adjudication_problem import AdjudicationProblem
from .adjudication_problem_code import AdjudicationProblemCode
from .approval import Approval
from .bad_request_problem import BadRequestProblem
from .bad_request_problem_code import BadRequestProblemCode
from .bot_level import BotLevel
from .bot_level_description import BotLevelDescription
from .bot_levels import BotLevels
from .bot_seat import BotSeat
from .colour import Colour
from .create_game_request import CreateGameRequest
from .create_webhook_request import CreateWebhookRequest
from .created_game import CreatedGame
from .created_game_tokens import CreatedGameTokens
from .created_webhook import CreatedWebhook
from .creation_invalid_problem import CreationInvalidProblem
from .creation_invalid_problem_code import CreationInvalidProblemCode
from .creation_refused_problem import CreationRefusedProblem
from .creation_refused_problem_code import CreationRefusedProblemCode
from .dealt_hand import DealtHand
from .deliveries_page import DeliveriesPage
from .delivery import Delivery
from .delivery_status import DeliveryStatus
from .disabled_reason import DisabledReason
from .end_reason import EndReason
from .event_frame import EventFrame
from .event_frame_event import EventFrameEvent
from .events_page import EventsPage
from .forbidden_problem import ForbiddenProblem
from .forbidden_problem_code import ForbiddenProblemCode
from .game_frame import GameFrame
from .game_internal_error_problem import GameInternalErrorProblem
from .game_internal_error_problem_code import GameInternalErrorProblemCode
from .game_over import GameOver
from .game_status import GameStatus
from .game_summary import GameSummary
from .game_view import GameView
from .games_page import GamesPage
from .get_contract_json_response_200 import GetContractJsonResponse200
from .hand_frame import HandFrame
from .header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from .header_fields_too_large_problem_code import HeaderFieldsTooLargeProblemCode
from .health import Health
from .health_status import HealthStatus
from .hint import Hint
from .hint_refused_problem import HintRefusedProblem
from .hint_refused_problem_code import HintRefusedProblemCode
from .hint_unavailable_problem import HintUnavailableProblem
from .hint_unavailable_problem_code import HintUnavailableProblemCode
from .illegal_code import IllegalCode
from .internal_error_problem import InternalErrorProblem
from .internal_error_problem_code import InternalErrorProblemCode
from .invalid_request_problem import InvalidRequestProblem
from .invalid_request_problem_code import InvalidRequestProblemCode
from .legal_moves import LegalMoves
from .malformed_request_problem import MalformedRequestProblem
from .malformed_request_problem_code import MalformedRequestProblemCode
from .move import Move
from .move_action import MoveAction
from .move_conflict_problem import MoveConflictProblem
from .move_conflict_problem_code import MoveConflictProblemCode
from .move_forbidden_problem import MoveForbiddenProblem
from .move_forbidden_problem_code import MoveForbiddenProblemCode
from .move_header_problem import MoveHeaderProblem
from .move_header_problem_code import MoveHeaderProblemCode
from .move_refused_problem import MoveRefusedProblem
from .move_refused_problem_code import MoveRefusedProblemCode
from .move_result import MoveResult
from .not_found_problem import NotFoundProblem
from .not_found_problem_code import NotFoundProblemCode
from .passed import Passed
from .payload_too_large_problem import PayloadTooLargeProblem
from .payload_too_large_problem_code import PayloadTooLargeProblemCode
from .player_summary import PlayerSummary
from .problem import Problem
from .problem_code import ProblemCode
from .problem_errors import ProblemErrors
from .rate_limited_problem import RateLimitedProblem
from .rate_limited_problem_code import RateLimitedProblemCode
from .refusal import Refusal
from .round_dealt import RoundDealt
from .round_dealt_ones_placed_by import RoundDealtOnesPlacedBy
from .round_scored import RoundScored
from .round_scored_reason import RoundScoredReason
from .rows import Rows
from .sequence import Sequence
from .sequenced_game_over import SequencedGameOver
from .sequenced_passed import SequencedPassed
from .sequenced_round_dealt import SequencedRoundDealt
from .sequenced_round_scored import SequencedRoundScored
from .sequenced_tiles_placed import SequencedTilesPlaced
from .sequenced_tiles_removed import SequencedTilesRemoved
from .snapshot import Snapshot
from .snapshot_players_item import SnapshotPlayersItem
from .storage_unavailable_problem import StorageUnavailableProblem
from .storage_unavailable_problem_code import StorageUnavailableProblemCode
from .stream_refused_problem import StreamRefusedProblem
from .stream_refused_problem_code import StreamRefusedProblemCode
from .tile_code import TileCode
from .tiles_placed import TilesPlaced
from .tiles_removed import TilesRemoved
from .tiles_removed_purple import TilesRemovedPurple
from .unauthorized_problem import UnauthorizedProblem
from .unauthorized_problem_code import UnauthorizedProblemCode
from .unsupported_media_type_problem import UnsupportedMediaTypeProblem
from .unsupported_media_type_problem_code import UnsupportedMediaTypeProblemCode
from .uri_too_long_problem import UriTooLongProblem
from .uri_too_long_problem_code import UriTooLongProblemCode
from .version_mismatch_problem import VersionMismatchProblem
from .version_mismatch_problem_code import VersionMismatchProblemCode
from .webhook import Webhook
from .webhook_event_type import WebhookEventType
from .webhook_invalid_problem import WebhookInvalidProblem
from .webhook_invalid_problem_code import WebhookInvalidProblemCode
from .webhook_list import WebhookList
from .webhook_payload import WebhookPayload
from .webhook_payload_data import WebhookPayloadData
from .webhooks_limited_problem import WebhooksLimitedProblem
from .webhooks_limited_problem_code import WebhooksLimitedProblemCode

__all__ = (
    "Adjudged",
    "AdjudicateRequest",
    "AdjudicationProblem",
    "AdjudicationProblemCode",
    "Approval",
    "BadRequestProblem",
    "BadRequestProblemCode",
    "BotLevel",
    "BotLevelDescription",
    "BotLevels",
    "BotSeat",
    "Colour",
    "CreatedGame",
    "CreatedGameTokens",
    "CreatedWebhook",
    "CreateGameRequest",
    "CreateWebhookRequest",
    "CreationInvalidProblem",
    "CreationInvalidProblemCode",
    "CreationRefusedProblem",
    "CreationRefusedProblemCode",
    "DealtHand",
    "DeliveriesPage",
    "Delivery",
    "DeliveryStatus",
    "DisabledReason",
    "EndReason",
    "EventFrame",
    "EventFrameEvent",
    "EventsPage",
    "ForbiddenProblem",
    "ForbiddenProblemCode",
    "GameFrame",
    "GameInternalErrorProblem",
    "GameInternalErrorProblemCode",
    "GameOver",
    "GamesPage",
    "GameStatus",
    "GameSummary",
    "GameView",
    "GetContractJsonResponse200",
    "HandFrame",
    "HeaderFieldsTooLargeProblem",
    "HeaderFieldsTooLargeProblemCode",
    "Health",
    "HealthStatus",
    "Hint",
    "HintRefusedProblem",
    "HintRefusedProblemCode",
    "HintUnavailableProblem",
    "HintUnavailableProblemCode",
    "IllegalCode",
    "InternalErrorProblem",
    "InternalErrorProblemCode",
    "InvalidRequestProblem",
    "InvalidRequestProblemCode",
    "LegalMoves",
    "MalformedRequestProblem",
    "MalformedRequestProblemCode",
    "Move",
    "MoveAction",
    "MoveConflictProblem",
    "MoveConflictProblemCode",
    "MoveForbiddenProblem",
    "MoveForbiddenProblemCode",
    "MoveHeaderProblem",
    "MoveHeaderProblemCode",
    "MoveRefusedProblem",
    "MoveRefusedProblemCode",
    "MoveResult",
    "NotFoundProblem",
    "NotFoundProblemCode",
    "Passed",
    "PayloadTooLargeProblem",
    "PayloadTooLargeProblemCode",
    "PlayerSummary",
    "Problem",
    "ProblemCode",
    "ProblemErrors",
    "RateLimitedProblem",
    "RateLimitedProblemCode",
    "Refusal",
    "RoundDealt",
    "RoundDealtOnesPlacedBy",
    "RoundScored",
    "RoundScoredReason",
    "Rows",
    "Sequence",
    "SequencedGameOver",
    "SequencedPassed",
    "SequencedRoundDealt",
    "SequencedRoundScored",
    "SequencedTilesPlaced",
    "SequencedTilesRemoved",
    "Snapshot",
    "SnapshotPlayersItem",
    "StorageUnavailableProblem",
    "StorageUnavailableProblemCode",
    "StreamRefusedProblem",
    "StreamRefusedProblemCode",
    "TileCode",
    "TilesPlaced",
    "TilesRemoved",
    "TilesRemovedPurple",
    "UnauthorizedProblem",
    "UnauthorizedProblemCode",
    "UnsupportedMediaTypeProblem",
    "UnsupportedMediaTypeProblemCode",
    "UriTooLongProblem",
    "UriTooLongProblemCode",
    "VersionMismatchProblem",
    "VersionMismatchProblemCode",
    "Webhook",
    "WebhookEventType",
    "WebhookInvalidProblem",
    "WebhookInvalidProblemCode",
    "WebhookList",
    "WebhookPayload",
    "WebhookPayloadData",
    "WebhooksLimitedProblem",
    "WebhooksLimitedProblemCode",
)
