#!/usr/bin/env python3
"""A complete Turnpost bot: in every game where it is its turn, it plays the first legal move.
Usage: TURNPOST_TOKEN=tp_... bot.py BASE_URL [SECONDS_BETWEEN_ROUNDS]
(make the token in Settings → API tokens, signed in as the bot's account)"""
import json, os, sys, time, urllib.error, urllib.request

base, pause = sys.argv[1].rstrip("/"), float(sys.argv[2]) if len(sys.argv) > 2 else 60
token = os.environ["TURNPOST_TOKEN"]  # from the environment, so it shows in no process list

def call(url, body=None):
    headers = {"Accept": "application/json", "Authorization": "Bearer " + token}
    if body is not None:
        headers["Content-Type"] = "application/json"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, headers)
    try:
        with urllib.request.urlopen(request) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as refused:
        return json.load(refused)

while True:
    mine = call(base + "/")
    if "error" in mine:
        sys.exit(mine["error"])  # a revoked or unknown token: say why and stop
    for game in (g for g in mine["games"] if g["your_turn"]):
        twin = call(base + game["url"])
        move = twin["legal_commands"][0]
        answer = call(base + game["url"] + "/play", {"seq": twin["seq"], "command": move["command"]})
        print(game["kind"], game["id"], move["label"], answer.get("error", "played"), flush=True)
    time.sleep(pause)
