# Azul: Summer Pavilion.

azul-name = Azul: Summer Pavilion
azul-purple = purple
azul-green = green
azul-orange = orange
azul-yellow = yellow
azul-blue = blue
azul-red = red
azul-centre-star = the centre star
azul-colour-star = the { $colour } star
azul-numbered-star = star { $star }
azul-the-centre = the centre
azul-factory = factory { $factory }
azul-take-first = First take tiles from a factory or the centre.
azul-choose-bonus-first = First choose { $count ->
        [one] 1 tile
       *[other] { $count } tiles
    } from the supply.
azul-keep-first = First choose the tiles you keep.
azul-round-over = This round is over: pass to start the next one.
azul-place-or-pass = Now place a tile or pass.
azul-no-such-factory = There is no factory { $factory }.
azul-no-round = No round is being played.
azul-source-empty = There are no tiles in { $source }.
azul-source-lacks = There is no { $colour } tile in { $source }.
azul-wild-comes-along = The wild colour this round is { $wild }: take another colour and one { $wild } tile comes with it.
azul-no-such-star = There is no star { $star }: stars are 0 (centre) to 6.
azul-no-such-space = Stars have spaces 1 to 6.
azul-space-covered = Space { $space } of { $star } is already covered.
azul-star-only = Only { $colour } tiles go on { $star }.
azul-star-has = There is already { $code ->
        [orange] an
       *[other] a
    } { $colour } tile on { $star }.
azul-no-tile = You have no { $colour } tile.
azul-pay-wild-alone = This round's wild colour is { $wild }: pay with { $wild } tiles alone (0 wild).
azul-cost-short = This space costs { $cost } tiles and you have only { $own } { $colour }.
azul-cost-short-with-wild = This space costs { $cost } tiles and you have only { $own } { $colour } and { $wilds } wild.
azul-wilds-short = You have only { $wilds } wild { $wilds ->
        [one] tile
       *[other] tiles
    }.
azul-one-real-tile = The tile placed must be a real { $colour } tile: use at most { $most } wild.
azul-use-wilds = You have only { $own } { $colour }: use at least { $least } wild.
azul-no-bonus = You have no bonus tiles to take.
azul-bonus-count = Take exactly { $count ->
        [one] 1 tile
       *[other] { $count } tiles
    } from the supply.
azul-supply-short = The supply has only { $count } { $colour } { $count ->
        [one] tile
       *[other] tiles
    }.
azul-not-keeping = You are not choosing tiles to keep.
azul-keep-most = You may keep at most { $most } tiles.
azul-hand-short = You have only { $count } { $colour } { $count ->
        [one] tile
       *[other] tiles
    }.
azul-count-of = { $count } { $colour }
azul-nothing = nothing
azul-list = { $items }
azul-points = { $points ->
        [one] 1 point
       *[other] { $points } points
    }
azul-no-wild = none
azul-pillar = the pillar of { $star }
azul-window = the window of { $star }
azul-statue = the statue between { $star } and { $next }
azul-round-started = Round { $round } began ({ $wild } is wild); { $player } starts.
azul-factory-holds = factory { $factory }: { $tiles }
azul-factories-filled = The factories were filled ({ $factories }).
azul-supply-refilled = The supply was refilled with { $tiles }.
azul-tower-emptied = The bag ran out: the { $count } tiles of the tower were poured into it.
azul-with-wild = { $tiles } and 1 { $wild } (wild)
azul-took = { $player } took { $tiles } from { $source }{ $centre }{ $token }.
azul-to-centre = {" "}({ $tiles } went to the centre)
azul-took-token = {" "}and the start player token, losing { $points }
azul-placing-started = All tiles are taken; { $player } places first.
azul-placed = { $player } placed { $colour } on space { $space } of { $star }{ $wilds ->
        [0] {""}
       *[other] {" "}using { $wilds } wild
    }, scoring { $points }{ $completed }.
azul-completed = , and completed { $structures } (bonus: { $bonus ->
        [one] 1 tile
       *[other] { $bonus } tiles
    })
azul-bonus-taken = { $player } took { $tiles } from the supply as a bonus.
azul-passed = { $player } passed.
azul-nothing-left = { $player } had no tiles left.
azul-kept = { $player } kept { $tiles }.
azul-discarded = { $player } discarded { $discarded }, losing { $points }.
azul-kept-and-discarded = { $player } kept { $kept } and discarded { $discarded }, losing { $points }.
azul-star-full = { $star } full ({ $points })
azul-number-covered = all { $number }s covered ({ $points })
azul-no-final-bonus = { $player } scored no end-game bonus.
azul-final-scored = { $player } scored { $points } at the end: { $parts }.
azul-to-tower = { $tiles } went to the tower
azul-bonus-forfeited = the { $count ->
        [one] 1 tile
       *[other] { $count } tiles
    } owed as a bonus stayed in the supply
azul-token-passed = { $player } took over the start player token
azul-start-passed = { $player } took over as start player
azul-left = { $player } left the game.
azul-left-and = { $player } left the game: { $what }.
azul-round-over-event = Nobody still playing has tiles to place: round { $round } is over, and { $player } starts round { $next }.
azul-game-won = Game over: { $players } won{ $scored ->
        [0] {""}
       *[other] {" "}with { $points }
    }.
azul-game-shared = Game over: { $players } share the victory{ $scored ->
        [0] {""}
       *[other] {" "}with { $points }
    }.
azul-take-label = Take { $colour } from { $source }
azul-take-wild-label = Take one { $colour } (wild) from { $source }
azul-place-label = Place { $colour } on { $star } space { $space } (costs { $cost }){ $wilds ->
        [0] {""}
       *[other] {" "}with { $wilds } wild
    }
azul-bonus-label = Take { $tiles } as bonus
azul-start-round-label = Start round { $round }
azul-pass-label = Pass
azul-keep-nothing-label = Keep nothing
azul-keep-label = Keep { $tiles }
azul-form-board = Choose the coloured boards (the normal game) or the grey boards (the variant).
azul-option-standard = Coloured boards (the normal game): each outer star takes tiles of its own colour, the centre star one tile of each colour
azul-option-variant = Grey boards (the variant): every star, the centre too, ends up all one colour or six different colours

# The rules page.
azul-guide-summary = Take coloured tiles from the factories, then spend them to fill the stars of your own pavilion, scoring for every tile you place next to others. One colour is wild each round.
azul-guide-players = 2 to 4 players
azul-guide-length = six rounds of a dozen or so turns each, so a month or more at a day per move
azul-guide-rule-1 = Each round starts by taking tiles: on your turn, take every tile of one colour (not the wild one) from one factory, the rest going to the centre, or from the centre. If wild tiles are there, exactly one comes with them. The first to take from the centre starts the next round, and loses a point for each tile taken then.
azul-guide-rule-2 = When every tile is taken, players in turn place tiles on their board: a space with a number needs that many tiles of the star's colour (wild tiles may stand in for all but one), and the tile scores a point for itself and for every tile joined to it in its star.
azul-guide-rule-3 = Surrounding pillars, statues and windows earns bonus tiles from the supply. When you cannot or will not place more, you pass: you may keep up to four tiles for the next round, and lose a point for each other tile left.
azul-guide-rule-4 = After six rounds, completed stars and numbered groups score extra. The highest score wins.
azul-guide-option-1 = Player boards
azul-guide-option-meaning-1 = Coloured (the default): each outer star takes tiles of its own colour, the centre star one tile of each colour. Grey: you choose the colours of every star, and each star must end up all one colour or six different colours.

# Move codes for email replies, on the "Playing by email" page.
azul-codes-1 = Take tiles: "take 3 red" (factory 3) or "take centre red"; a wild tile comes along by itself when there is one.
azul-codes-2 = Place a tile: colour, star (centre, a colour, or its number on the grey side), space 1-6, and how many of the tiles paid are wild: "place red blue 4", "place red centre 2 1 wild".
azul-codes-3 = Stop placing for this round: "pass". Bonus tiles: "bonus red blue". Tiles to keep: "keep green green red" or "keep nothing". Between rounds: "next round".

# The board.
azul-count-of-wild = { $count } { $colour } (wild)
azul-board-star-centre = centre star
azul-board-star-colour = { $colour } star
azul-board-star-numbered = star { $star }
azul-board-star-heading = { $star }:{" "}
azul-board-space-empty = empty
azul-board-space = {" "}{ $tile }{ $mark ->
        [chosen] {" "}(chosen)
        [open] {" "}(place here)
       *[none] {""}
    }{ $last ->
        [true] .{" "}
       *[false] ,{" "}
    }
azul-board-space-link = { $star }, space { $space }, costs { $cost }: place a tile here
azul-board-space-name = { $star }, space { $space }
azul-board-space-list = The { $count ->
        [one] space
       *[other] { $count } spaces
    } you can cover, as a list
azul-board-structure-done = { $structure }: complete
azul-board-structure-open = { $structure }: { $covered } of { $spaces } spaces covered; completing it earns { $reward ->
        [one] 1 bonus tile
       *[other] { $reward } bonus tiles
    }
azul-board-to-act = to act
azul-board-passed = passed
azul-board-holds-token = holds the start player token
azul-board-token = start player token
azul-board-winner = winner
azul-board-none-yet = none yet
azul-board-no-tiles = no tiles
azul-board-empty = empty
azul-board-nothing-yet = nothing yet
azul-board-factory = Factory { $factory }
azul-board-centre = Centre
azul-board-source = { $source }:
azul-board-centre-words = { $tiles }{ $token ->
        [true] , and the start player token
       *[false] {""}
    }
azul-board-waiting-take = { $player } is taking tiles.
azul-board-waiting-place = { $player } is placing a tile or passing.
azul-board-waiting-bonus = { $player } is choosing { $count ->
        [one] 1 bonus tile
       *[other] { $count } bonus tiles
    } from the supply.
azul-board-waiting-keep = { $player } passed and is choosing which tiles to keep.
azul-board-setting-up = The game is being set up.
azul-board-over = The game is over: six rounds were played.
azul-board-round = Round { $round } of 6: { $wild } is wild. Now { $phase ->
        [take] phase 1, taking tiles: in turn, each player takes all tiles of one colour from a factory or the centre
       *[place] phase 2, placing tiles: in turn, each player covers one space or passes, until everyone has passed
    }.
azul-board-track = Rounds and their wild colours:
azul-board-track-round = {" "}{ $wild }{ $current ->
        [true] {" "}(this round)
       *[false] {""}
    }{ $last ->
        [true] .
       *[false] ,
    }
azul-board-your-move = Your move
azul-board-last-move = Last move: { $move }
azul-board-table-label = Factories, centre and supply
azul-board-table = The table
azul-board-offer-empty = The factories and the centre are empty{ $ended ->
        [true] {""}
       *[false] {" "}until the next round
    }.{ $token ->
        [true] {" "}The start player token lies in the centre.
       *[false] {""}
    }
azul-board-supply = Supply (bonus tiles):
azul-board-bag-tower = In the bag: { $bag ->
        [one] 1 tile
       *[other] { $bag } tiles
    } (drawn at random when needed). In the tower: { $tower ->
        [one] 1 tile
       *[other] { $tower } tiles
    } (poured back into the bag when it runs out).
azul-board-legend = Tile letters:{" "}
azul-board-legend-is = {" "}is{" "}
azul-board-player = { $player }:
azul-board-pavilion = The board of { $player }. Each star lists its spaces clockwise by their printed values.
azul-board-hand = Tiles next to the board:
azul-board-corner = Corner tiles, kept for the next round:
azul-board-structures = Bonus structures completed ({ $done } of 18):
azul-board-outlined = The outlined spaces are those you can cover now.
azul-board-players = Players’ boards
azul-board-final-scores = Final scores
azul-board-scores = Scores
azul-board-col-seat = Seat
azul-board-col-player = Player
azul-board-col-score = Score
azul-board-col-hand = Tiles in hand
azul-board-col-corner = Corner tiles
azul-board-col-covered = Spaces covered
azul-board-col-now = Now
azul-board-covered = { $covered } of 42
azul-board-your-turn = Your turn
azul-board-take-wild = Take 1 { $colour } (wild)
azul-board-take = Take { $count } { $colour }{ $along ->
        [true] {" "}+ 1 { $wild } (wild)
       *[false] {""}
    }
azul-board-take-token = { $take }{ $token ->
        [true] {" "}and the start player token ({ $lost ->
            [0] no points lost: your score is already 1
            [one] −1 point
           *[other] −{ $lost } points
        })
       *[false] {""}
    }
azul-board-take-from = { $take }, from { $source }
azul-board-take-heading = Your turn: take tiles
azul-board-take-help = Take every tile of one colour from a factory or from the centre: press its button below. If { $wild } tiles (wild this round) are there too, exactly one of them comes with it; a wild tile can be taken alone only where nothing else is left.
azul-board-take-help-centre = The other tiles of a factory go to the centre. The first player to take from the centre also takes the start player token, loses 1 point per tile taken, and starts the next round.
azul-board-pass = { $case ->
        [none] Pass
        [last] Pass: the last round is ending, so your { $tiles ->
            [one] 1 tile costs
           *[other] { $tiles } tiles cost
        } { $lost ->
            [one] 1 point
           *[other] { $lost } points
        }
        [keep] Pass and keep your { $tiles ->
            [one] 1 tile
           *[other] { $tiles } tiles
        } for the next round
       *[choose] Pass, then choose up to 4 of your { $tiles } tiles to keep
    }
azul-board-pass-heading = Pass now?
azul-board-pass-confirm = { $pass }. You place no more tiles this round.
azul-board-pass-yes = Yes, pass
azul-board-pass-no = No, back to placing tiles
azul-board-ask = { $action }…
azul-board-place-heading = Your turn: place a tile or pass
azul-board-place-help = Cover one empty space of your board, or pass. Pick one of the outlined spaces on your board below: those are the ones you can pay for now.
azul-board-place-cost-help = A space costs as many tiles as its number, all of the colour you place there. { $wild } tiles are wild this round: they can stand in for all but one of them. A tile scores 1 point plus 1 for every tile joined to it around its star.
azul-board-grey-help = Grey boards: every star must end up all one colour or six different colours.
azul-board-coloured-help = Each outer star takes its own colour; the centre star takes one tile of each colour.
azul-board-cannot-pay = You cannot pay for any space now: pass.
azul-board-covering-scores = Covering it scores { $points ->
        [one] 1 point
       *[other] { $points } points
    }.
azul-board-completes = It completes { $structures }: you then choose { $reward ->
        [one] 1 bonus tile
       *[other] { $reward } bonus tiles
    } from the supply.
azul-board-confirm = Confirm with the button:
azul-board-choose-colour-and-pay = Choose the colour to place and how to pay:
azul-board-choose-pay = Choose how to pay:
azul-board-place-paying = Place { $colour }, paying { $own } { $colour }{ $wilds ->
        [0] {""}
       *[other] {" "}+ { $wilds } { $wild } (wild)
    }
azul-board-space-heading = Your turn: { $space } — costs { $cost ->
        [one] 1 tile
       *[other] { $cost } tiles
    }
azul-board-another-space = Choose another space, or pass
azul-board-put-back = Put back one { $colour } tile
azul-board-start-again = Start again
azul-board-take-bonus = Take { $tiles } from the supply
azul-board-you-completed = You completed { $structures }.
azul-board-bonus-help = Choose { $count ->
        [one] 1 tile
       *[other] { $count } tiles
    } from the supply, any colours (wild ones too). They join the tiles next to your board.
azul-board-bonus-heading = Your turn: choose { $count ->
        [one] 1 bonus tile
       *[other] { $count } bonus tiles
    } from the supply
azul-board-add-bonus = Add one { $colour } tile ({ $left } in the supply)
azul-board-one-at-a-time = Add them one at a time; { $left ->
        [one] 1 tile
       *[other] { $left } tiles
    } still to choose.
azul-board-chosen-so-far = Chosen so far:
azul-board-add-keep = Keep one { $colour } tile ({ $left } available)
azul-board-keep = { $count ->
        [0] Keep nothing and discard all { $discarded } tiles ({ $lost ->
            [0] no points lost: your score is already 1
            [one] −1 point
           *[other] −{ $lost } points
        })
       *[other] Keep { $kept } and discard { $discarded ->
            [one] 1 tile
           *[other] { $discarded } tiles
        } ({ $lost ->
            [0] no points lost: your score is already 1
            [one] −1 point
           *[other] −{ $lost } points
        })
    }
azul-board-keep-question = { $keep }?
azul-board-keep-loses = Every tile you do not keep goes to the tower: { $lost ->
        [0] you lose no points, as your score is already 1
        [one] you lose 1 point
       *[other] you lose { $lost } points
    }.
azul-board-keep-change = No, change what I keep
azul-board-keep-heading = Your turn: choose the tiles you keep
azul-board-keep-help = You passed with { $count ->
        [one] 1 tile
       *[other] { $count } tiles
    }: { $tiles }. Up to { $max } of them can wait on the corners of your board for the next round; every other tile goes to the tower and costs 1 point.
azul-board-keep-one-at-a-time = Add the tiles to keep one at a time, then confirm with the button.
azul-board-kept-so-far = Kept so far:
azul-text-over = The game is over.
azul-text-round = Round { $round } of 6, { $wild } is wild: { $doing ->
        [take] taking tiles
        [place] placing tiles
        [bonus] choosing bonus tiles
        [keep] choosing tiles to keep
       *[none] waiting
    }.{ $acting ->
        [true] {" "}{ $player } to act.
       *[false] {""}
    }
azul-text-factories = Factories:
azul-text-centre = Centre: { $tiles }{ $token ->
        [true] {" "}and the start player token
       *[false] {""}
    }
azul-text-supply = Supply: { $stocked ->
        [true] { $letters }
       *[false] empty
    }; bag { $bag }, tower { $tower }
azul-text-player = { $player }: { $score ->
        [one] 1 point
       *[other] { $score } points
    }, hand { $hand }, corner { $corner }, { $covered } of 42 spaces covered{ $now ->
        [act] {" "}- to act
        [passed] {" "}- passed
       *[none] {""}
    }

# The new-game options.
azul-options-boards = Player boards
azul-options-standard = Coloured boards (the normal game): each outer star takes tiles of its own colour, the centre star one tile of each colour
azul-options-variant = Grey boards (the variant): players choose the colours of every star; each star must end up all one colour or six different colours
azul-options-hint = 2 to 4 players, six rounds.

# The position in words.
azul-words-factories = { $factories }.
azul-words-factory = { $factory }: { $tiles }
azul-words-supply = Supply (bonus tiles): { $tiles }. In the bag { $bag }, in the tower { $tower }.
azul-words-player = { $player }{ $now ->
        [act] , to act
        [passed] , passed
       *[none] {""}
    }: { $score ->
        [one] 1 point
       *[other] { $score } points
    }; in hand { $hand }; kept on the corners { $corner }; { $covered } of 42 spaces covered.
