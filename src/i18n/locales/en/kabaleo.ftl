# Kabaleo.

kabaleo-name = Kabaleo
kabaleo-blue = blue
kabaleo-green = green
kabaleo-yellow = yellow
kabaleo-orange = orange
kabaleo-pink = pink
kabaleo-purple = purple
kabaleo-game-over = The game is over: every piece has been placed.
kabaleo-no-such-pile = There is no pile { $pile }: the piles are numbered 1 to { $piles } (in a command's "pile", which counts from 0: 0 to { $last-index }).
kabaleo-colour-not-in-play = The colour { $colour } is not in play in this game.
kabaleo-no-piece-left = You have no { $colour } piece left.
kabaleo-previous-location = Pile { $pile } was played on by the previous move, so nobody may play there now.
kabaleo-bare-base = Pile { $pile } is a bare { $colour } base: { $code ->
        [orange] an
       *[other] a
    } { $colour } piece may not go on it.
kabaleo-uniform-dealing = Uniform dealing needs 2 or 3 players: with { $players } players the 6 pieces of a colour cannot be shared out equally; choose random dealing.
kabaleo-place-label = Place { $colour } on pile { $pile }
kabaleo-place-cancels-label = Place { $colour } on pile { $pile } (cancels its { $colour } top)
kabaleo-colour-list = { $colours }
kabaleo-count-of = { $count } { $colour }
kabaleo-nothing = nothing
kabaleo-player-hand = { $player } { $hand }
kabaleo-laid-out = The board was laid out at random: { $bases } bases in { $colours }.
kabaleo-dealt = The pieces were dealt: { $hands }.
kabaleo-secrets-dealt = Each player was dealt secret colours.
kabaleo-secrets-dealt-known = Each player was dealt secret colours ({ $secrets }).
kabaleo-first-player = { $player } was drawn to play first.
kabaleo-placed = { $player } placed { $code ->
        [orange] an
       *[other] a
    } { $colour } piece on pile { $pile }.
kabaleo-placed-cancelled = { $player } placed { $code ->
        [orange] an
       *[other] a
    } { $colour } piece on pile { $pile }; it met the { $colour } piece on top and both left the game.
kabaleo-left = { $count ->
        [0] { $player } leaves the game with no piece left in hand.
        [one] { $player } leaves the game; the one piece left in their hand ({ $hand }) leaves with them.
       *[other] { $player } leaves the game; the { $count } pieces left in their hand ({ $hand }) leave with them.
    }
kabaleo-form-dealing = Choose one of the two ways of dealing the pieces.
kabaleo-form-uniform-four = Uniform dealing works with 2 or 3 players only: the 6 pieces of a colour cannot be shared out equally among 4. Choose random dealing, or invite fewer players.
kabaleo-option-random = Random dealing: all pieces are shuffled and dealt out equally
kabaleo-option-uniform = Uniform dealing: every player gets the same number of pieces of each colour
kabaleo-option-secrets = Secret colours: two each with 2 players, one each with 3 or 4; revealed when the game ends

# The rules page.
kabaleo-guide-summary = A stacking game of hidden goals: every player secretly supports a colour and plays pieces onto piles to leave as many piles as possible topped with it, without giving their colour away.
kabaleo-guide-players = 2 to 4 players
kabaleo-guide-length = 24 to 36 placements in all (9 to 12 each), so a few weeks at a day per move
kabaleo-guide-rule-1 = The board is a pattern of coloured bases, drawn at random. Two more colours are in play than there are players, and each player gets a hand of coloured pieces that everyone can see.
kabaleo-guide-rule-2 = Each player is given a secret colour (two each in a game of two), shown to them alone until the game ends.
kabaleo-guide-rule-3 = On your turn, place one piece from your hand on any pile, except the one the last move was made on, and except a bare base of the piece's own colour.
kabaleo-guide-rule-4 = If the pile's top piece has the same colour as yours, both pieces leave the game. Otherwise your piece goes on top, and the pile takes its colour.
kabaleo-guide-rule-5 = When every piece has been placed, the secret colours are revealed. Whoever's colour tops the most piles wins; ties go to the most piles topped by a piece of that colour, then to the tallest such pile.
kabaleo-guide-option-1 = Dealing
kabaleo-guide-option-meaning-1 = At random (the default): all the pieces are shuffled and dealt out equally. Uniformly (two or three players only): every hand holds the same number of pieces of each colour.

# Move codes for email replies, on the "Playing by email" page.
kabaleo-codes-1 = Write the colour of the piece and the pile to put it on: "blue 3" (or "blue on pile 3").

# The board.
kabaleo-board-standing = { $piles ->
        [0] no pile
        [one] 1 pile ({ $topped } topped by a piece; tallest { $tallest } high)
       *[other] { $piles } piles ({ $topped } topped by a piece; tallest { $tallest } high)
    }
kabaleo-board-closed-bare = A bare { $colour } base: no { $colour } piece
kabaleo-board-closed = No { $colour } piece here
kabaleo-board-over = { $count ->
        [0] The game is over.
        [one] The game is over: { $winners } won. Every secret colour is shown below.
       *[other] The game is over: { $winners } share the win. Every secret colour is shown below.
    }
kabaleo-board-not-started = The game has not started yet.
kabaleo-board-next = { $player } places a piece next.
kabaleo-board-you-place = Your turn: press “Place { $colour } on pile …” on the pile you choose.
kabaleo-board-you-choose = Your turn: first choose the colour of the piece to play from your hand.
kabaleo-board-revealed = Secret colours, revealed. Most piles wins; ties go to more piles topped by a piece, then to the tallest pile.
kabaleo-board-player = Player
kabaleo-board-secret-colours = { $count ->
        [one] Secret colour
       *[other] Secret colours
    }
kabaleo-board-piles-count = Piles
kabaleo-board-topped = Topped by a piece
kabaleo-board-tallest = Tallest
kabaleo-board-result = Result
kabaleo-board-won = won
kabaleo-board-your-secret = Your secret
kabaleo-board-your-secret-colours = { $count ->
        [one] Your secret colour:
       *[other] Your secret colours:
    }
kabaleo-board-secret-explained = Only you can see this until the game ends. At the end you score one point for every pile showing { $count ->
        [one] your colour
       *[other] either of your colours
    } on top. Right now: { $standing }.
kabaleo-board-your-move = Your move
kabaleo-board-step-2 = Step 2 of 2 — your piece is { $colour }: press the button on the pile you choose.
kabaleo-board-choose-another = Choose another colour
kabaleo-board-step-1 = Step 1 of 2 — choose the colour to play:
kabaleo-board-pick = Play { $colour }
kabaleo-board-in-hand = {" "}({ $count } in hand)
kabaleo-board-piles = Piles
kabaleo-board-piles-note = — each drawn from its base up; the top cone gives the pile its colour
kabaleo-board-pile = Pile { $pile }
kabaleo-board-pile-colon = :
kabaleo-board-bare-base = bare { $colour } base
kabaleo-board-pile-colour = { $colour }, { $height } high
kabaleo-board-cone = { $colour }{ $base ->
        [true] {" "}base
       *[false] {""}
    }
kabaleo-board-played-last = Played last
kabaleo-board-played-last-closed = Played last — nobody may play here this turn
kabaleo-board-progress = { $placed } of { $total } pieces placed{ $removed ->
        [0] {""}
       *[other] ; { $removed } cancelled out of the game
    }.{ $last ->
        [0] {""}
       *[other] {" "}The last piece went on pile { $last }.
    } A piece placed on a piece of its own colour cancels both.
kabaleo-board-hands = Pieces in every hand
kabaleo-board-in-all = In all
kabaleo-board-hand-of = { $player }{ $moving ->
        [true] {" "}— to play
       *[false] {""}
    }{ $winner ->
        [true] {" "}— winner
       *[false] {""}
    }
kabaleo-board-colours = Each colour on the board
kabaleo-board-colour = Colour
kabaleo-board-showing = Piles showing it
kabaleo-board-in-hands = Still in hands
kabaleo-board-cancelled = Cancelled
kabaleo-text-piles = Piles, base first (* = played last):
kabaleo-text-base = { $colour } base
kabaleo-text-hands = Hands:
kabaleo-text-hand = { $player }: { $count ->
        [0] no pieces left
       *[other] { $hand }
    }{ $moving ->
        [true] {" "}(to play)
       *[false] {""}
    }
kabaleo-text-your-secret = Your secret: { $colours } - { $standing }
kabaleo-text-secret-of = { $player }'s secret: { $colours } - { $standing }
kabaleo-text-progress = { $placed } of { $total } pieces placed, { $removed } cancelled.

# The new-game options.
kabaleo-options-hint = There are two more colours in play than players; with 2 players each has two secret colours, otherwise one.
kabaleo-options-dealing = How are the pieces dealt?
kabaleo-options-random = At random: all pieces are shuffled and dealt out equally (any number of players)
kabaleo-options-uniform = Uniformly: every player gets the same number of pieces of each colour (2 or 3 players only)

# How the tie-breakers decided a game of equal scores.
kabaleo-decided-topped = decided by the first tie-breaker, piles topped by a piece: { $winner } to { $other }
kabaleo-decided-tallest = decided by the second tie-breaker, the tallest pile: { $winner } pieces high to { $other }
# The position in words.
kabaleo-words-piles = { $piles }.
kabaleo-words-pile = { $pile }: { $what }{ $last ->
        [true] {" "}(played last)
       *[false] {""}
    }
kabaleo-words-seat = { $player }{ $moving ->
        [true] , to play
       *[false] {""}
    }: { $left ->
        [0] no piece left in hand
        [one] 1 piece in hand, { $hand }
       *[other] { $left } pieces in hand, { $hand }
    }{ $known ->
        [0] {""}
        [one] ; secret colour { $secret }
       *[other] ; secret colours { $secret }
    }.
