# ゲームの結末。勝者を先に。

result-won-others-left = { $winners }の勝ち：{ $left }
result-and-left = { $result }／{ $left }
left-resigned = { $player }が投了
left-timed-out = { $player }が時間切れ
result-called-off-by-creator = 始まる前に作った人によって取りやめ
result-called-off-expired = 取りやめ：席が埋まる前に招待の期限が切れました
result-draw = 引き分け
result-won = { $winner } さんの勝ち
result-shared = { $winners }が勝利を分け合いました
result-draw-at = { $first }–{ $second } で引き分け
result-won-scores = { $winner } さんが { $first }–{ $second } で勝ち
result-player-score = { $player } { $score }
result-draw-each = 全員 { $score } 点で引き分け
result-won-with = { $winner } さんが { $score } 点で勝ち（{ $others }）
result-shared-with = { $winners }が { $score } 点で勝利を分け合いました（{ $others }）
result-decided-by = { $result }（{ $how }）
result-called-off-player-left = 取りやめ：参加していたプレイヤーがアカウントを閉じました
result-called-off-invitee-left = 取りやめ：招待された人がアカウントを閉じました
