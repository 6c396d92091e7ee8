#!/usr/bin/env python3
"""A complete Turnpost bot: in every game where it is its turn, it plays the first legal move.
Usage: bot.py SIGN_IN_LINK [SECONDS_BETWEEN_ROUNDS]   (the link is from a sign-in email to the bot)"""
import json, sys, time, urllib.error, urllib.request
from http.cookiejar import CookieJar

link, pause = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 60
base = link.split("/sign-in/")[0]
web = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

def call(url, body=None, token=None):
    headers = {"Accept": "application/json"}
    if body is not None:
        headers |= {"Content-Type": "application/json", "X-CSRF-Token": token}
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, headers)
    try:
        with web.open(request) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as refused:
        return json.load(refused)

call(link, {}, call(link)["csrf"])  # spend the link: the session cookie is now signed in
while True:
    mine = call(base + "/")
    for game in (g for g in mine["games"] if g["your_turn"]):
        twin = call(base + game["url"])
        move = twin["legal_commands"][0]
        answer = call(base + game["url"] + "/play", {"seq": twin["seq"], "command": move["command"]}, mine["csrf"])
        print(game["kind"], game["id"], move["label"], answer.get("error", "played"), flush=True)
    time.sleep(pause)
