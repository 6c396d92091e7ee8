# The offline verifier's report (turnpost verify), in the language of LANG.

verify-ok = OK
verify-failed = FAILED at { $problem }
verify-at-row = row { $seq }: { $problem }
verify-not-hex = { $field } is not 32 bytes of hex
verify-misnumbered = the row in this place is numbered { $found }
verify-row-hash = the row's content hashes to { $computed }, not to the recorded { $recorded }
verify-seed-commitment = the revealed seed hashes to { $hash }, not to the commitment { $commitment }
verify-event-differs = event { $event } differs from what the rules and the seed give: recorded { $recorded }, expected { $expected }
verify-command-unreadable = the command does not parse: { $detail }
verify-illegal-move = { $command } was not a legal move
verify-rules-refuse = the rules refuse this move: { $reason }
verify-early-timeout = a timeout at { $at } for a seat whose time ran out only at { $due }
verify-unreadable = the row does not parse: { $detail }
verify-format = unknown format “{ $format }” (expected { $expected })
verify-game = Game { $id } ({ $game }), { $rows } rows, { $players } players.
verify-chain-intact = Hash chain intact; head { $head }.
verify-seed-rerun = Seed revealed and matching its commitment; all { $rows } rows after the first re-run with it: every command legal, every recorded event and random outcome exactly what the rules and the seed give.
verify-seed-hidden = The seed is not revealed yet (the game has not ended): every move was checked to be legal, but random outcomes can only be checked once it ends.
verify-withheld = { $rows ->
        [one] 1 row holds
       *[other] { $rows } rows hold
    } secrets withheld from this viewer: their hashes can be checked once the game ends.
verify-result = Result: { $result }.
verify-running = The game is still running.
verify-waiting = The table is still waiting for players; the game has not started.
verify-prev-hash = prev_hash is not the hash of the row before
verify-recorded-at = recorded_at is not an RFC 3339 time
verify-seed-not-hex = the revealed seed is not 32 bytes of hex
verify-second-creation = a second creation of the game
verify-empty-join = a join that records no player joining
verify-join-actor = the player who joined is not the actor
verify-empty-resignation = a resignation that records nobody resigning
verify-empty-timeout = a timeout that records nobody out of time
verify-empty-talk = table talk that records nobody talking
verify-empty-vacation = a vacation that records nobody away
verify-empty-return = a return that records nobody coming back
verify-move-before-start = a move before the game started
verify-timeout-untimed = a timeout in a game without a time limit
verify-timeout-idle = a timeout for a seat whose clock was not running
verify-timeout-seat = the player timed out does not sit in that seat
verify-timeout-caller = a timeout called by a seat not in play
verify-timeout-way = a timeout called in a way this table's time control does not allow
verify-cancel-started = a table called off after it had started
verify-cancel-creator = a table called off by someone who neither set it up nor joined it
verify-talk-stranger = table talk by someone not at the table
verify-talk-shape = table talk that is empty, too long or not plain text
verify-talk-name = table talk recorded under someone else's name
verify-talk-commitment = table talk whose words are not the ones committed to
verify-talk-removal = a removal of table talk that should not be: { $why }
verify-vacation-stranger = a vacation for someone not at the table
verify-vacation-end = a vacation that does not end after it starts
verify-return-idle = a return from a vacation that was not running
verify-return-name = a return recorded under someone else's name
verify-seatless = a move by someone who has no seat
verify-empty-log = the log has no rows
verify-seed-mismatch = the seed revealed at the end of the log is not the export's seed
verify-seed-not-stored = the seed revealed at the end of the log is not the seed the database keeps for the game
verify-commitment-mismatch = the seed commitment in the first row is not the export's
verify-options-mismatch = the game's options or player count differ from the export's
verify-id-mismatch = the game id differs from the export's
verify-empty-hand-over = a seat handed over that records no computer taking it
verify-take-over-seat = a seat taken over from someone who does not sit in it
verify-take-over-not-here = a seat taken over where the rules for it do not allow it (a game of three or four with another person playing on)
verify-take-over-not-computer = a seat taken over by an account that is not a computer, or has sat at this table before
verify-take-over-skipped = a seat withdrawn for time at a table where a computer takes such seats over
verify-taken-over = Seat { $seat } was played by { $computer } from row { $row } on, for { $player }, who left.
verify-event = Tournament { $id } (“{ $title }”), { $rows ->
    [one] 1 row
   *[other] { $rows } rows
}, { $entrants ->
    [one] 1 entrant
   *[other] { $entrants } entrants
}.
verify-event-called-off = The tournament was called off: its seed is revealed and matches its commitment, and no standings are given.
verify-event-results = { $games ->
    [one] 1 result checked against its game's own verified log.
   *[other] { $games } results checked against their games' own verified logs.
}
verify-event-pairings = Seed revealed and matching its commitment; the pairings of all { $rounds } rounds are what the documented rules give from the standings before them.
verify-event-standing = { $place }. { $name }: { $points }
verify-event-seed-hidden = The seed is not revealed yet (the tournament has not ended): pairings can be checked once it ends.
verify-event-round-early = round { $round } was paired before the round before it was complete
verify-event-deadline = round { $round } has a deadline other than the round's time after it started
verify-event-pairing = round { $round } was paired { $recorded }, but the rules give { $expected }
verify-event-game-missing = the export does not hold the log of game { $game }
verify-event-game-log = the log of game { $game } does not verify: { $problem }
verify-event-head = no row of game { $game }'s log with the recorded hash ends that game
verify-event-game-other = game { $game } is not the game this event's pairing opened at that table
verify-event-called-off-wrongly = the tournament was called off, which only the server may do before it starts when too few have signed up, or its organiser before it starts
verify-event-started-wrongly = the tournament started with players other than those signed up, with fewer than it needs, or by someone other than the server or its organiser
verify-event-ended-early = the tournament ended { $rounds ->
    [0] before its first round
    [one] after round 1
   *[other] after { $rounds } rounds
}, but the rules pair round { $next }
verify-event-ended-undecided = the tournament ended while { $count ->
    [one] game { $games } had
   *[other] games { $games } had
} no result
verify-event-places = game { $game } gave places { $expected }, not the recorded { $recorded }
verify-join-not-seated = a player joined a tournament's game at which the pairing gave them no seat
verify-plan-stranger = a plan committed to by someone not seated in a running game
verify-plan-entry = the plan's row does not record the commitment it was made with
verify-plan-seat = a planned answer by another seat than the plan's
verify-plan-unknown = a planned answer names a row that holds no plan
verify-plan-commitment = what the planned answer reveals is not in the plan it names
verify-plan-foreseen = the planned answer's line does not match the moves played since the plan was made
verify-plans-followed = { $rows ->
        [one] 1 move was
       *[other] { $rows } moves were
    } played as planned in advance, each checked against a commitment made before the opponent's move.
