# Quarto.

quarto-name = Quarto
quarto-tall = tall
quarto-short = short
quarto-dark = dark
quarto-light = light
quarto-round = round
quarto-square = square
quarto-hollow = hollow
quarto-solid = solid
quarto-the-piece = the { $height } { $colour } { $shape } { $top } piece
quarto-place-first = You must first place { $piece } you were given.
quarto-piece-played = You cannot give { $piece }: it has already been played.
quarto-piece-on = You cannot give { $piece }: it is already on { $cell }.
quarto-nothing-to-place = You have no piece to place: first give the other player a piece.
quarto-cell-taken = Cell { $cell } is already taken by { $piece }.
quarto-wait-for-placing = It is not your turn: the other player must place the piece you gave.
quarto-wait-for-giving = It is not your turn: the other player is choosing a piece to give you.
quarto-row = row { $row }
quarto-column = column { $column }
quarto-diagonal = the diagonal { $from }-{ $to }
quarto-block = the block { $from }-{ $to }
quarto-winning-group = { $group } (all { $traits })
quarto-first-giver = { $player } was drawn to give the first piece.
quarto-gave = { $player } gave { $other } { $piece } to place.
quarto-placed = { $player } placed { $piece } on { $cell }.
quarto-won = { $player } won the game with { $groups }.
quarto-drawn = The board is full with no winning group: the game is a draw.
quarto-give-label = Give { $piece }
quarto-place-label = Place on { $cell }
quarto-form-advanced = The advanced rule is either on (tick the box) or off (leave it empty).
quarto-option-advanced = Advanced rule: four pieces sharing a trait win in a row, a column, a diagonal or any 2×2 block of neighbouring squares
quarto-option-standard = Standard rule: four pieces sharing a trait win in a row, a column or a diagonal

# The rules page.
quarto-guide-summary = Sixteen pieces, each tall or short, dark or light, round or square, solid or hollow. You choose the piece your opponent must place; whoever completes a line of four pieces sharing a trait wins.
quarto-guide-players = 2 players
quarto-guide-length = at most 16 placements, usually about 10, so a week or two at a day per move
quarto-guide-rule-1 = The board has 4 × 4 squares; the 16 pieces belong to nobody. Who gives the first piece is drawn at random.
quarto-guide-rule-2 = A turn has two parts: place the piece you were given on any empty square, then choose one of the remaining pieces and give it to your opponent.
quarto-guide-rule-3 = Whoever places the fourth piece of a row, column or diagonal whose four pieces share at least one trait (all tall, say, or all hollow) wins at once, even though the other player chose that piece.
quarto-guide-rule-4 = If the board fills up without such a line, the game is a draw.
quarto-guide-option-1 = Advanced rule
quarto-guide-option-meaning-1 = Off by default. When on, four pieces sharing a trait in any 2 × 2 block of squares also win.

# Move codes for email replies, on the "Playing by email" page.
quarto-codes-1 = Place the piece you were given by naming a cell, column a-d then row 1-4: "c3".
quarto-codes-2 = Give a piece by its four letters (T/S tall/short, D/L dark/light, R/Q round/square, H/F hollow/solid): "give TDRH".
quarto-codes-3 = Both on one line: "c3 then give TDRH".

# The board.
quarto-piece-words = { $height } { $colour } { $shape } { $top }
quarto-piece-title = { $words } piece
quarto-board-place-named = { $action }: { $piece }
quarto-board-caption = The board: columns a to d, rows 1 to 4. { $placed } of 16 pieces placed. { $advanced ->
        [true] Four pieces sharing a trait win in a row, a column, a diagonal or a 2×2 block.
       *[false] Four pieces sharing a trait win in a row, a column or a diagonal.
    }
quarto-board-placed-last = {" "}(placed last)
quarto-board-winning = {" "}(winning)
quarto-board-empty = empty
quarto-board-to-place = Piece to place
quarto-board-placer = { $player } places it
quarto-board-pool = Pieces still to give
quarto-board-choose-give = Choose the piece to give
quarto-board-left-over = Pieces left over
quarto-board-count = ({ $count })
quarto-board-not-started = The game has not started yet.
quarto-board-you-place = Your turn: place { $piece } that { $other } gave you — press “Place on …” in an empty square.
quarto-board-they-place = { $player } must place { $piece }, then choose a piece for { $other }.
quarto-board-you-give = Your turn: choose the piece { $other } must place — press “Give …” under it. Whoever completes a line of four pieces sharing a trait wins, so choose with care.
quarto-board-they-give = { $player } is choosing a piece for { $other } to place.
quarto-board-draw = All 16 pieces are on the board and no group of four shares a trait: the game is a draw.
quarto-board-won = { $player } won: they placed the last piece and completed { $groups }.
quarto-board-last-move = Last move: { $player } placed { $piece } on { $cell }.
quarto-text-legend = T/S tall/short, D/L dark/light, R/Q round/square, H/F hollow/solid{ $marked ->
        [true] ; * last placed
       *[false] {""}
    }
quarto-text-to-place = To place: { $piece } ({ $code }), by { $player }.

# The new-game options.
quarto-options-hint = Quarto is for two players. The player who gives the first piece is drawn at random.
quarto-options-advanced = Advanced rule: four pieces sharing a trait also win in any 2×2 block of neighbouring squares, not only in a row, a column or a diagonal
# The position in words.
quarto-words-piece-on = { $cell }, { $piece }
quarto-words-placed = { $count ->
        [0] No piece is on the board yet.
       *[other] On the board: { $pieces }.
    }
quarto-words-empty = { $count ->
        [0] No square is empty.
       *[other] Empty squares: { $squares }.
    }
quarto-words-to-give = { $count ->
        [0] No piece is left to give.
        [one] 1 piece is left to give.
       *[other] { $count } pieces are left to give.
    }
