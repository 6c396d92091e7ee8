# どのゲームのルールでも同じ言い方をするもの。

rule-game-over = ゲームは終わっています。
rule-not-started = ゲームはまだ始まっていません。
rule-not-your-turn = あなたの手番ではありません。
rule-not-seated = あなたはこのゲームに参加していません。
rule-resigned = あなたはこのゲームを投了しています。
rule-players-exactly = { $game } はちょうど { $count } 人で遊びます（{ $players } 人ではできません）。
rule-players-between = { $game } は { $min }～{ $max } 人で遊びます（{ $players } 人ではできません）。
