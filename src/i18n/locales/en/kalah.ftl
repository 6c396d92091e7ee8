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
