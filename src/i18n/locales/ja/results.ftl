# ゲームの結末。勝者を先に。

result-won-other-resigned = { $winners }の勝ち：{ $other }が投了
result-won-all-resigned = { $winners }の勝ち：ほかの全員が投了
result-draw = 引き分け
result-won = { $winner } さんの勝ち
result-shared = { $winners }が勝利を分け合いました
result-draw-at = { $first }–{ $second } で引き分け
result-won-scores = { $winner } さんが { $first }–{ $second } で勝ち
result-player-score = { $player } { $score }
result-draw-each = 全員 { $score } 点で引き分け
result-won-with = { $winner } さんが { $score } 点で勝ち（{ $others }）
result-shared-with = { $winners }が { $score } 点で勝利を分け合いました（{ $others }）
