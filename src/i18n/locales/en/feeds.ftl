# Calendar and Atom feeds at secret addresses.

settings-feeds-link = Calendar and feed addresses for your deadlines and turns
feeds-title = Calendar and feeds
feeds-intro = A feed address lets a calendar app show the deadlines of your running games and tournament rounds, and a feed reader tell you when it is your turn or a game is over, without signing in. Anyone who has the address can read them: keep it secret, and revoke it when you no longer use it.
feeds-made = Your new addresses, shown this once. Copy them now: Turnpost keeps only a fingerprint of them.
feeds-calendar = Calendar (iCalendar: subscribe to it in your calendar app)
feeds-atom = Turns and results (Atom: add it to your feed reader)
feeds-create = Make new feed addresses
feeds-yours = Your feed addresses
feeds-none = You have no feed addresses.
feeds-address = Addresses { $number }
feeds-revoke = Revoke addresses { $number }
feeds-too-many = You hold { $count } feed addresses already. Revoke one you no longer need first.
feeds-no-such = You have no such feed address, or it was revoked already.
feed-unknown = There is no feed at this address: it was revoked, or never made.
limit-feed = This feed was fetched a moment ago; ask again later, or with the ETag it gave.
feed-calendar-name = Turnpost: { $player }'s deadlines
feed-atom-title = Turnpost: { $player }'s turns and results
feed-due-yours = Your move is due: { $game }
feed-due-theirs = { $player }'s move is due: { $game }
feed-round-ends = { $round } ends
feed-game-over = Game over: { $game }: { $result }
feed-your-turn = Your turn: { $game }
feed-due-at = Due { $time } ({ $zone }).
feed-no-deadline = This game has no time limit.
