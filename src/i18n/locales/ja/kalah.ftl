# カラハ。

kalah-name = カラハ
kalah-no-such-pit = 穴 { $pit } はありません。自分の穴 1～6 から選んでください（コマンドの "pit" は 0 から数えるので 0～5）。
kalah-pit-empty = 穴 { $pit }（コマンドでは "pit": { $index }）は空です。
kalah-no-pie-rule = このゲームではパイルールを使いません。
kalah-swap-only-first = パイルールの入れ替えは一度だけ、あなたの最初の手としてだけ選べます。
kalah-seeds-per-pit = 一つの穴の種の数は 3、4、5、6 のどれかです（{ $seeds } ではできません）。
kalah-south = 南
kalah-north = 北
kalah-first-player = 抽選で { $player } さんが先手になり、{ $side }側を受け持ちます。
kalah-sowed = { $player } さんが穴 { $pit } から種を { $seeds } 個まきました{ $captured ->
        [0] {""}
       *[other] 。{ $captured } 個を取りました
    }。
kalah-sowed-again = { $player } さんが穴 { $pit } から種を { $seeds } 個まきました{ $captured ->
        [0] {""}
       *[other] 。{ $captured } 個を取りました
    }。最後の種がストアに入ったので、もう一手です。
kalah-swapped = { $player } さんがパイルールで入れ替え、{ $side }側になりました。
kalah-end-no-move = { $player } さんにまく種が残っていなかった
kalah-end-side-empty = 一列の穴がすべて空になった
kalah-end-majority = { $player } さんが種の半分より多くを持っていた
kalah-ended-because = { $cause }ため、ゲームが終わりました
kalah-swept = { $player } さんの残りの種 { $seeds } 個は { $player } さんのストアに入りました
kalah-result-draw = { $score } 対 { $score } の引き分けです。
kalah-result-win = { $winner } 対 { $loser } で { $player } さんの勝ちです。
kalah-game-ended = { $how }。{ $result }
kalah-sow-label = 穴 { $pit } をまく（種 { $seeds } 個）
kalah-swap-label = 入れ替える（パイルール）
kalah-form-seeds = 一つの穴の種の数は 3～6 の数で選んでください。
kalah-form-end-rule = 示された終わり方から一つ選んでください。
kalah-option-seeds = 一つの穴に種 { $seeds } 個
kalah-option-pie-rule = パイルール：最初の手番のあと、後手は側を入れ替えられます
kalah-option-no-pie-rule = パイルールなし
kalah-option-empty-capture = 空の穴の取り：自分の空の穴に最後の種が入ったら、向かいの穴が空でもストアに入れます
kalah-option-no-empty-capture = 取れるのは向かいの穴に種があるときだけ
kalah-option-end-no-move = 手番のプレイヤーに種がないとき、またはどちらかのストアが半分より多く持ったときに終わります
kalah-option-end-either-side = どちらかの列が空になったらすぐ終わります
