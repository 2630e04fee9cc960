// A thin typed client: every path, parameter, body and answer is checked against openapi.yaml.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.d.ts";

type Move = components["schemas"]["Move"];

export function restartClient(baseUrl: string, token?: string) {
  return createClient<paths>({ baseUrl, headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

export async function createGame(baseUrl: string, players: string[], seed?: number) {
  const { data, error } = await restartClient(baseUrl).POST("/v1/games", {
    body: seed === undefined ? { players } : { players, seed },
  });
  if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
  return data; // CreatedGame: { game, tokens }
}

export async function applyMove(baseUrl: string, token: string, gameId: string, move: Move, version: number) {
  const { data, error, response } = await restartClient(baseUrl, token).POST("/v1/games/{game_id}/moves", {
    params: { path: { game_id: gameId }, header: { "If-Match": `"${version}"`, "Idempotency-Key": crypto.randomUUID() } },
    body: move,
  });
  if (error) return { ok: false as const, status: response.status, code: error.code, detail: error.detail };
  return { ok: true as const, etag: response.headers.get("ETag"), game: data.game, events: data.events };
}
