# Kalah.

kalah-name = Kalah
kalah-no-such-pit = There is no pit { $pit }: choose one of your pits 1 to 6 (in a command's "pit", which counts from 0: 0 to 5).
kalah-pit-empty = Pit { $pit } ("pit": { $index } in a command) is empty.
kalah-no-pie-rule = The pie rule is not in play in this game.
kalah-swap-only-first = The pie-rule swap is only offered once, as your first action.
kalah-seeds-per-pit = Seeds per pit must be 3, 4, 5 or 6, not { $seeds }.
kalah-south = South
kalah-north = North
kalah-first-player = { $player } was drawn to move first, playing { $side }.
kalah-sowed = { $player } sowed { $seeds ->
        [one] 1 seed
       *[other] { $seeds } seeds
    } from pit { $pit }{ $captured ->
        [0] {""}
       *[other] {" "}and captured { $captured }
    }.
kalah-sowed-again = { $player } sowed { $seeds ->
        [one] 1 seed
       *[other] { $seeds } seeds
    } from pit { $pit }{ $captured ->
        [0] {""}
       *[other] {" "}and captured { $captured }
    }, ending in the store: another turn.
kalah-swapped = { $player } took the pie-rule swap and now plays { $side }.
kalah-end-no-move = { $player } had no seeds left to sow
kalah-end-side-empty = a row of pits was empty
kalah-end-majority = { $player } held more than half of the seeds
kalah-ended-because = The game ended because { $cause }
kalah-swept = { $player }'s remaining { $seeds ->
        [one] 1 seed
       *[other] { $seeds } seeds
    } went to { $player }'s store
kalah-result-draw = It is a draw, { $score } to { $score }.
kalah-result-win = { $player } wins { $winner } to { $loser }.
kalah-game-ended = { $how }. { $result }
kalah-sow-label = Sow pit { $pit } ({ $seeds ->
        [one] 1 seed
       *[other] { $seeds } seeds
    })
kalah-swap-label = Swap sides (pie rule)
kalah-form-seeds = Seeds per pit must be a number from 3 to 6.
kalah-form-end-rule = Choose one of the offered end rules.
kalah-option-seeds = { $seeds } seeds per pit
kalah-option-pie-rule = Pie rule: the second player may swap sides after the first turn
kalah-option-no-pie-rule = No pie rule
kalah-option-empty-capture = Empty capture: a last seed in your own empty pit is banked even when the opposite pit is empty
kalah-option-no-empty-capture = Captures only when the opposite pit holds seeds
kalah-option-end-no-move = Ends when the player to move has no seeds, or one store holds more than half
kalah-option-end-either-side = Ends as soon as either row is empty

# The rules page.
kalah-guide-summary = The classic sowing game: pick up the seeds of one of your pits and sow them round the board, aiming to end with more seeds in your store than your opponent.
kalah-guide-players = 2 players
kalah-guide-length = usually 20 to 40 moves, so a few weeks at a day per move
kalah-guide-rule-1 = Each player owns the six pits nearest them and the store on their right. Who moves first is drawn at random.
kalah-guide-rule-2 = On your turn, choose one of your pits that holds seeds. Its seeds are sown one by one, counter-clockwise, into the following pits and your own store; your opponent's store is skipped.
kalah-guide-rule-3 = If the last seed falls into your own store, you move again.
kalah-guide-rule-4 = If the last seed falls into an empty pit of yours and the pit opposite holds seeds, you capture them: both go to your store.
kalah-guide-rule-5 = When the game ends, the seeds left in each row go to that row's owner. The fuller store wins; equal stores are a draw.
kalah-guide-option-1 = Seeds per pit
kalah-guide-option-meaning-1 = 3 to 6 seeds in every pit at the start (4 unless you choose otherwise). More seeds make a longer game.
kalah-guide-option-2 = Pie rule
kalah-guide-option-meaning-2 = After the first player's opening turn, the second player may swap sides and take that opening as their own instead of moving. It keeps the first player honest.
kalah-guide-option-3 = Empty capture
kalah-guide-option-meaning-3 = Off by default. When on, a last seed landing in an empty pit of yours goes to your store even when the pit opposite is empty.
kalah-guide-option-4 = End of the game
kalah-guide-option-meaning-4 = By default the game ends when the player to move has no seeds, or as soon as one store holds more than half of all seeds. The textbook rule ends it as soon as either row is empty.

# Move codes for email replies, on the "Playing by email" page.
kalah-codes-1 = Write the number of the pit to sow, 1 to 6 from your left: "3" (or "sow pit 3").
kalah-codes-2 = To take the pie-rule swap, when it is offered: "swap".

# The board.
kalah-board-caption = Kalah board. Seeds are sown counter-clockwise: along the bottom row to the right, into the right-hand store, then along the top row to the left.
kalah-store-name = { $side } store
kalah-store-of = {" "}of{" "}
kalah-store-holds = :{" "}
kalah-seeds-unit = { $seeds ->
        [one] {" "}seed
       *[other] {" "}seeds
    }
kalah-pit-name = { $side } pit { $pit }
kalah-row-top = Top row: { $side }, played by { $player }{ $moving ->
        [true] {" "}— to move
       *[false] {""}
    }. Store: { $seeds ->
        [one] 1 seed
       *[other] { $seeds } seeds
    }.
kalah-row-bottom = Bottom row: { $side }, played by { $player }{ $moving ->
        [true] {" "}— to move
       *[false] {""}
    }. Store: { $seeds ->
        [one] 1 seed
       *[other] { $seeds } seeds
    }.
kalah-seeds-in-play = Seeds still in the pits: { $seeds }.
kalah-swap-explained = The pie rule lets you take over your opponent's opening instead of moving: you swap sides, and they move next from the other side.
kalah-board-swapped = { $player } swapped sides under the pie rule and plays { $side }.
kalah-board-last-move = Last move: { $player } sowed { $seeds ->
        [one] 1 seed
       *[other] { $seeds } seeds
    } from pit { $pit } of { $side }{ $captured ->
        [0] {""}
       *[other] {" "}and captured { $captured }
    }{ $again ->
        [true] , ending in the store for another turn
       *[false] {""}
    }.
kalah-board-end-no-move = the player to move had no seeds left
kalah-board-end-side-empty = a row was empty
kalah-board-end-majority = one store held more than half of all seeds
kalah-board-ended = { $swept ->
        [0] The game ended because { $reason }.
       *[other] The game ended because { $reason }; the { $swept } seeds left in the pits went to the stores of their rows.
    }
kalah-text-stores = Stores: { $left } { $left_seeds } on the left, { $right } { $right_seeds } on the right.

# The new-game options.
kalah-options-seeds = Seeds per pit at the start
kalah-options-seeds-choice = { $seeds } seeds ({ $total } in all)
kalah-options-pie-rule = Pie rule: after the first player's first turn, the second player may swap sides instead of moving
kalah-options-empty-capture = Empty capture: a last seed landing in your own empty pit goes to your store even when the opposite pit is empty
kalah-options-end = When does the game end?
kalah-options-end-no-move = When the player to move has no seeds, or one store holds more than half of all seeds (Board Game Arena)
kalah-options-end-either = As soon as either row is empty (the textbook rule)
# The position in words: one line a side, the viewer's first.
kalah-words-side = { $side }, { $player }{ $moving ->
        [true] , to move
       *[false] {""}
    }: seeds in pits 1 to 6, { $pits }; in the store, { $store }.
