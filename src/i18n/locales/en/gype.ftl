# Uncle Chestnut's Table Gype.

gype-name = Uncle Chestnut's Table Gype
gype-flame = Flame
gype-swords = Swords
gype-book = Book
gype-tree = Tree
gype-hat = Hat
gype-ear = Ear
gype-confirmed-already = You have already confirmed your arrangement; play begins once everyone has.
gype-not-start-row = Square { $square } is not in your start row.
gype-swap-two = Choose two different dice to swap.
gype-arrange-first = First arrange your dice and confirm; play begins once everyone has.
gype-arrangement-over = The arrangement is over.
gype-only-jumper = Only the die on { $square } may keep jumping.
gype-jumping = The die on { $square } is jumping: jump again with it or end the move.
gype-frozen-roll = The die on { $square } is home in its goal row and can no longer be rolled.
gype-nothing-to-end = There is no move in progress to end.
gype-off-board = That is not a square of the board.
gype-no-die = There is no die on { $square }.
gype-not-yours = The die on { $square } is not yours.
gype-frozen-move = The die on { $square } is home in its goal row and can no longer move.
gype-ear-cannot-move = The die on { $square } shows an Ear, which cannot move.
gype-hat-makes-hat-move = The die on { $square } is a Hat: it makes a Hat move.
gype-cannot-step = A { $face } cannot step from { $from } to { $to }.
gype-hat-never-jumps = The die on { $square } is a Hat: a Hat never jumps.
gype-cannot-jump = A { $face } cannot jump from { $from } to { $to }.
gype-nothing-to-jump = There is no die on { $square } to jump over.
gype-only-hat = The die on { $square } is a { $face }: only a Hat makes a Hat move.
gype-hat-landing = A Hat lands two squares straight and one to the side.
gype-occupied = There is already a die on { $square }.
gype-no-return = A die that has left its start row may not go back into it.
gype-other-home-row = Square { $square } is in a home row that is not your goal, so your dice may not enter it.
gype-chaos-limit = Chaos rule: you still had dice in your start row when this turn began, so no die may go beyond the centre of the board this turn.
gype-die = die
gype-list = { $items }
gype-path-long-first = two straight, then one to the side
gype-path-short-first = one to the side, then two straight
gype-started = The dice are dealt and { $player } will play first; everyone now arranges their start row in secret.
gype-swapped = { $player } swapped the dice on { $a } and { $b }.
gype-rearranged = { $player } rearranged their start row.
gype-confirmed = { $player } has finished arranging.
gype-row-of = { $player }: { $faces }
gype-revealed = Everyone has arranged, and the start rows are revealed (from each player's left): { $rows }.
gype-turn = It is { $player }'s turn.
gype-turn-chaos = It is { $player }'s turn; with dice still in the start row, none may go beyond the centre this turn (Chaos rule).
gype-stepped = { $player } moved the { $face } from { $from } to { $to }.
gype-jumped-die-rolled = the jumped die rolled { $face }
gype-jumped-die-rolled-already = the jumped die was already rolled this turn
gype-jumped = { $player }'s { $face } jumped from { $from } over { $over } to { $to }; { $roll }.
gype-hat-nothing-in-way = no die was in its way
gype-die-rolled = the die on { $square } rolled { $face }
gype-hat-moved = { $player }'s Hat leapt from { $from } to { $to } ({ $path }); { $rolled }.
gype-rolled = { $player } rolled the die on { $square }: { $face }.
gype-move-ended = { $player } ended the move on { $square }.
gype-dice-leave = { $player }'s { $count ->
        [-1] dice leave
        [one] 1 die leaves
       *[other] { $count } dice leave
    } the board.
gype-dice-leave-before-reveal = { $player }'s { $count ->
        [-1] dice leave
        [one] 1 die leaves
       *[other] { $count } dice leave
    } the board, before the arrangements were revealed.
gype-won = { $player } has all 8 dice in the goal row and wins the game.
gype-swap-label = Swap { $face } on { $a } with { $other } on { $b }
gype-confirm-label = Confirm arrangement
gype-move-label = Move { $face } from { $from } to { $to }
gype-jump-label = Jump { $face } from { $from } to { $to }
gype-hat-via-label = Hat from { $from } to { $to } via { $p } and { $q }
gype-hat-label = Hat from { $from } to { $to }
gype-end-move-label = End move
gype-roll-label = Roll { $face } on { $square }
gype-form-start = Choose the classic start or the random start.
gype-option-classic = Classic start: each player’s dice show two Flames, two Swords, two Books and two Trees
gype-option-random = Random start: every die starts on a random face (never an Ear)
gype-option-chaos = Chaos rule: while you have dice in your start row when your turn begins, none of your dice may go beyond the centre of the board that turn
gype-option-no-chaos = No Chaos rule
gype-option-arrange = Before play everyone arranges their start row in secret; the rows are revealed together

# The rules page.
gype-guide-summary = A race of dice across a 10 × 10 board: each die moves by the face it shows, and jumping over a die makes it roll. Be the first to bring all eight of your dice to the far side.
gype-guide-players = 2 to 4 players
gype-guide-length = usually 60 to 120 moves, so some weeks at a day per move
gype-guide-rule-1 = Each player starts with eight dice in the row on their side, and races them to the row on the opposite side. Before play, everyone arranges their own start row in secret; the arrangements are revealed together.
gype-guide-rule-2 = On your turn, either roll one of your dice where it stands, or move one according to its face: Flame one step any way, Book one step straight, Swords one step diagonally, Tree forward, diagonally forward or straight back, Hat like a chess knight. An Ear cannot move.
gype-guide-rule-3 = Moving onto an occupied square means jumping over that die to the empty square beyond; the die jumped over is rolled. A die may go on jumping; you end the move when you choose.
gype-guide-rule-4 = A die that reaches the far row stays there for good. The first player with all eight dice home wins.
gype-guide-option-1 = Start
gype-guide-option-meaning-1 = Classic (the default): everyone's eight dice show two Flames, two Swords, two Books and two Trees. Random: every die starts on a random face, never an Ear.
gype-guide-option-2 = Chaos rule
gype-guide-option-meaning-2 = Off by default. When on, while you still have dice in your start row at the start of your turn, none of your dice may go beyond the centre of the board that turn.

# Move codes for email replies, on the "Playing by email" page.
gype-codes-1 = Squares are a column letter and a row number, as on the board: "b3".
gype-codes-2 = Arranging: "swap a1 c1" swaps two of your dice; "done" when you are happy.
gype-codes-3 = A move: "move b1 b2" (one square), "jump b1 b3" (more jumps: "then jump b3 b5", and "end" to stop), "hat b1 c3 via b2 b3" (the Hat's route), or "roll b1".

# The board.
gype-side-south = South
gype-side-west = West
gype-side-north = North
gype-side-east = East
gype-dice-light = light
gype-dice-dark = dark
gype-dice-red = red
gype-dice-blue = blue
gype-moves-flame = one square in any direction
gype-moves-book = one square straight: forward, back or sideways
gype-moves-swords = one square diagonally
gype-moves-tree = one square forward (straight or diagonally), or one straight back
gype-moves-hat = a leap two squares straight and one to the side, over anything; every die on the route it takes is rolled
gype-moves-ear = cannot move; roll it to change its face
gype-board-starts-here = { $you ->
        [true] you start here
       *[false] { $player } starts here
    }
gype-board-goal-of = { $you ->
        [true] your goal
       *[false] { $player }’s goal
    }
gype-board-home-row = { $side } home row: { $parts }
gype-board-row-unused = { $side } home row: not used in this game
gype-board-the-die-on = the die on { $square }
gype-board-die-on = { $you ->
        [true] your
       *[false] { $player }’s
    } { $face } on { $square }
gype-board-die-link = { $shown }: choose { $die }
gype-board-choose-die-link = choose { $die }
gype-board-table-label = The board
gype-board-square = { $square }
gype-board-badge-start = start
gype-board-badge-lands = lands here
gype-board-badge-rolled = rolled
gype-board-badge-route = route { $route }
gype-board-arrange-title = Arrange your start row
gype-board-arrange-help = Put your 8 dice in the order you like by swapping two at a time. Nobody sees your order until everyone has confirmed theirs; then all rows are revealed together and { $known ->
        [true] { $you ->
            [true] you move
           *[false] { $player } moves
        }
       *[false] the first player moves
    } first.
gype-board-arrange-choose = Choose a die of your start row (the bottom row) to swap:
gype-board-arrange-swap = Now press “Swap” on the die to trade places with { $die }.
gype-board-swap-with = Swap this { $face } with { $square }
gype-board-another-die = Choose another die
gype-board-confirm = Confirm this arrangement
gype-board-chain-title = Keep jumping or stop
gype-board-chain-help = { $die } is jumping. Jump again with the buttons on the board, or end the move here.
gype-board-already-rolled = Already rolled this move (jumping them again does not roll them): { $squares }.
gype-board-jump-to = Jump to { $square }
gype-board-end-move = End the move on { $square }
gype-board-your-turn = Your turn
gype-board-your-turn-help = Move one of your dice, or roll one of them instead. Dice that are home in their goal row stay there.
gype-board-choose-die = Choose a die (or click it on the board):
gype-board-move-title = Move { $die }
gype-board-face-moves = { $face }: { $moves }.
gype-board-move-to = Move to { $square }
gype-board-square-button = { $action }: { $die }
gype-board-roll-instead = Roll the die on { $square } instead
gype-board-leap-to = Leap to { $square }
gype-board-hat-lands = The Hat lands on { $square }. Choose its route: every die on the route is rolled.
gype-board-route = Route { $route }: via { $via } ({ $path }); { $count ->
        [0] it rolls nothing
       *[other] it rolls { $rolled }
    }
gype-board-another-landing = Choose another landing square
gype-board-only-roll = It cannot move now, but you may roll it.
gype-board-press-square = Press a button on a highlighted square to move there.
gype-board-choose-landing = Choose a highlighted square to leap to; then you choose the route.
gype-board-not-started = The game has not started
gype-board-arranging-title = The players are arranging
gype-board-you-confirmed = You have confirmed your arrangement. Once everyone has, all start rows are revealed together and play begins.
gype-board-arranging-help = Each player arranges their start row in secret. Once everyone has confirmed, all rows are revealed together and play begins.
gype-board-still-arranging = Still arranging: { $players }.
gype-board-play = Play
gype-board-to-move = { $players } to move
gype-board-mid-chain = The die on { $square } is in the middle of a chain of jumps.
gype-board-won = { $you ->
        [true] you won
       *[false] { $player } won
    }
gype-board-game-over = Game over
gype-board-brought-home = { $you ->
        [true] you brought
       *[false] { $player } brought
    } all 8 dice home to the goal row.
gype-board-now-shows = the die on { $square } now shows { $face }
gype-board-last-roll = { $you ->
        [true] you
       *[false] { $player }
    } rolled the die on { $square }: it shows { $face }.
gype-board-last-step = { $you ->
        [true] you
       *[false] { $player }
    } moved a { $face } from { $from } to { $to }.{ $rolls ->
        [0] {""}
       *[other] {" "}Rolled: { $rolled }.
    }
gype-board-last-jump = { $you ->
        [true] your
       *[false] { $player }’s
    } { $face } jumped { $trail }{ $more ->
        [true] {" "}and may jump on
       *[false] {""}
    }.{ $rolls ->
        [0] {""}
       *[other] {" "}Rolled: { $rolled }.
    }
gype-board-last-hat = { $you ->
        [true] your
       *[false] { $player }’s
    } Hat leapt from { $from } to { $to }.{ $rolls ->
        [0] {""}
       *[other] {" "}Rolled: { $rolled }.
    }
gype-board-chaos = Chaos rule: { $you ->
        [true] you
       *[false] { $player }
    } still had dice in the start row when this turn began, so this turn no die may land beyond the centre line, in the shaded half of the board.
gype-board-caption = The board seen { $player ->
        [true] from your side ({ $side } at the bottom)
       *[false] from the { $side } side
    }. Each die shows its face and its owner’s letter.
gype-board-hidden = hidden
gype-board-note-jumping = jumping
gype-board-note-home = home
gype-board-left-edge = Left edge:{" "}
gype-board-right-edge = Right edge:{" "}
gype-board-what-to-do = What to do
gype-board-last-move = Last move:
gype-board-sides-and-dice = Sides and dice
gype-board-seat = : { $side } side, { $colour } dice marked { $letter }. { $home } of 8 dice home{ $start ->
        [0] {""}
       *[other] , { $start } still in the start row
    }.
gype-board-seat-confirmed = {" "}Arrangement confirmed.
gype-board-seat-arranging = {" "}Still arranging.
gype-board-seat-to-act = To act.
gype-board-how-dice-move = How the dice move
gype-board-face-help = : { $moves }.
gype-board-turn-rules = On your turn, either move one die or roll one. A die may step onto an empty square, or jump over a neighbouring die (in a direction its face allows) onto the empty square just beyond; the jumped die is rolled the first time it is jumped this turn. After a jump the same die may jump again or stop. A die may move along its start row until it leaves it, and never goes back; the only other home row it may enter is its goal row. A die that ends a move in its goal row stays there for good. The first player with all 8 dice in the goal row wins.
gype-text-faces = Faces: F Flame, S Swords, B Book, T Tree, H Hat, E Ear{ $hidden ->
        [true] , ? hidden until everyone has arranged
       *[false] {""}
    }; * home for good.
gype-text-seat = { $letter } = { $player } ({ $side }, { $colour } dice): { $home } of 8 dice home.

# The new-game options.
gype-options-start = How do the dice start?
gype-options-classic = Classic: each player’s 8 dice show two Flames, two Swords, two Books and two Trees
gype-options-random = Random: every die starts on a random face (a Flame, Swords, Book, Tree or Hat; never an Ear)
gype-options-chaos = Chaos rule: while you still have dice in your start row when your turn begins, none of your dice may go beyond the centre of the board that turn
gype-options-hint = Before play, every player arranges their own start row in secret; the rows are revealed together once everyone has confirmed. 2 players sit South and North, 3 players South, West and North, 4 players on all sides.

# The position in words: one line a seat.
gype-words-hidden = hidden die
gype-words-die = { $face } on { $square }{ $home ->
        [true] {" "}(home)
       *[false] {""}
    }
gype-words-seat = { $player }, { $side }, { $colour } dice{ $moving ->
        [true] , to move
       *[false] {""}
    }: { $dice }; { $home } of 8 home.
