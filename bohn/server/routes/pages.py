"""The pages, the files they load, and what the server tells about itself:
health, metrics, the variants and their cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
from fastapi import APIRouter
from fastapi.responses import FileResponse
from starlette.responses import Response

from bohn.bots.base import load_bots
from bohn.bots.levels import LEVELS
from bohn.catalogue import catalogue
from bohn.rulesets import ASSETS
from bohn.rulesets import RULESETS
from bohn.rulesets import VARIANTS
from bohn.server.context import ServerContext
from bohn.server.http import CLIENT_ASSETS
from bohn.server.http import LANGS
from bohn.server.http import error_response
from bohn.variants import variant_info

#: the pages' own files (``/static``)
STATIC = Path(__file__).resolve().parent.parent / "static"


def router(ctx: ServerContext) -> APIRouter:
    """The routes of the pages and of the server's own information."""
    r = APIRouter()

    @r.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @r.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @r.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "play.html")

    @r.get("/rulesets/{variant}/{name}", include_in_schema=False)
    async def ruleset_asset(variant: str, name: str) -> Response:
        """A ruleset's own browser code and its styles (``client.js``,
        ``client.css`` of its package, or of the ruleset it is built on);
        404 for an unknown variant or asset, or one the ruleset lacks."""
        if variant not in RULESETS:
            return error_response(404, "not-found", f"unknown variant {variant!r}")
        media = CLIENT_ASSETS.get(name)
        if media is None or name not in ASSETS:
            return error_response(404, "not-found", f"no ruleset asset {name!r}")
        found = RULESETS[variant].asset(name)
        if found is None:
            what = "client code" if name == "client.js" else f"{name}"
            return error_response(404, "not-found", f"{variant} has no {what} of its own")
        return Response(found.read_text(encoding="utf-8"), media_type=media)

    @r.get("/healthz")
    async def healthz() -> dict[str, Any]:
        """The server answers: ``{"status": "ok", "live_games"}`` (the games
        loaded in memory); in a cluster also ``node``, this process's id in
        the leases, and ``owned``, the games it owns."""
        h = ctx.hub()
        if h.cluster is not None:
            return {"status": "ok", "live_games": len(h.rooms), **h.cluster.health()}
        return {"status": "ok", "live_games": len(h.rooms)}

    @r.get("/metrics", response_class=Response)
    async def prometheus_metrics() -> Response:
        """The server's metrics in Prometheus's text format (:mod:`bohn.server.metrics`)."""
        return Response(ctx.metrics.text(), media_type="text/plain; version=0.0.4; charset=utf-8")

    @r.get("/api/variants")
    async def variants() -> dict[str, Any]:
        return {
            "variants": [variant_info(cls) for cls in VARIANTS.values()],
            "bots": sorted(load_bots()),
            "levels": [{"level": k, "bot": v} for k, v in LEVELS.items()],
        }

    @r.get("/api/variants/{variant}/cards")
    async def variant_cards(variant: str, lang: str = "en") -> Response:
        """The card catalogue of ``variant`` (``Catalogue.to_json``: every
        card's names, look, beanometer and text in German and English) and
        ``lang``, the language the page shows it in: ``en`` or ``de``, 400
        for any other; 404 for an unknown variant."""
        if variant not in VARIANTS:
            return error_response(404, "not-found", f"unknown variant {variant!r}")
        if lang not in LANGS:
            return error_response(
                400, "bad-request", f"lang is one of {', '.join(LANGS)}, not {lang!r}"
            )
        body = {**catalogue(variant).to_json(), "lang": lang}
        return Response(orjson.dumps(body), media_type="application/json")

    return r
