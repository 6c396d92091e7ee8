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
