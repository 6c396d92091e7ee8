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

# ルールのページ。
kalah-guide-summary = 定番の種まきゲームです。自分の穴の種をすべて拾って盤を回るようにまき、最後に自分のストアに相手より多くの種を集めることを目指します。
kalah-guide-players = 2 人
kalah-guide-length = ふつうは 20～40 手、1 日 1 手なら数週間
kalah-guide-rule-1 = 各プレイヤーは手前の 6 つの穴と、右側のストアを受け持ちます。先手は抽選で決まります。
kalah-guide-rule-2 = 自分の番には、種の入っている自分の穴を一つ選びます。その種を反時計回りに、続く穴と自分のストアへ 1 個ずつまきます。相手のストアは飛ばします。
kalah-guide-rule-3 = 最後の種が自分のストアに入ったら、もう一手打てます。
kalah-guide-rule-4 = 最後の種が自分の空の穴に入り、向かいの穴に種があれば、それを取ります。両方の種が自分のストアに入ります。
kalah-guide-rule-5 = ゲームが終わると、各列に残った種はその列の持ち主のものになります。ストアの種が多いほうの勝ちで、同じなら引き分けです。
kalah-guide-option-1 = 一つの穴の種の数
kalah-guide-option-meaning-1 = 始めに各穴に入れる種の数で、3～6 個（選ばなければ 4 個）。種が多いほどゲームは長くなります。
kalah-guide-option-2 = パイルール
kalah-guide-option-meaning-2 = 先手の最初の手番のあと、後手は手を打つ代わりに側を入れ替え、その出だしを自分のものにできます。先手が有利になりすぎるのを防ぎます。
kalah-guide-option-3 = 空の穴の取り
kalah-guide-option-meaning-3 = ふだんはオフ。オンにすると、自分の空の穴に入った最後の種は、向かいの穴が空でも自分のストアに入ります。
kalah-guide-option-4 = ゲームの終わり
kalah-guide-option-meaning-4 = ふだんは、手番のプレイヤーに種がないとき、またはどちらかのストアが全体の半分より多くの種を持った時点で終わります。教科書どおりのルールでは、どちらかの列が空になった時点で終わります。

# メールの返信で使う手のコード（「メールで遊ぶ」のページ）。
kalah-codes-1 = まく穴の番号を左から 1～6 で書きます：「3」（または「穴 3」）。
kalah-codes-2 = パイルールの入れ替えが選べるときは：「入れ替え」。

# 盤。
kalah-board-caption = カラハの盤。種は反時計回りにまきます：下の列を右へ、右のストアに入れ、上の列を左へ。
kalah-store-name = { $side }のストア
kalah-store-of = （
kalah-store-holds = ）：
kalah-seeds-unit = {" "}個
kalah-pit-name = { $side }の穴 { $pit }
kalah-row-top = 上の列：{ $side }、担当は { $player }{ $moving ->
        [true] （手番）
       *[false] {""}
    }。ストア：種 { $seeds } 個。
kalah-row-bottom = 下の列：{ $side }、担当は { $player }{ $moving ->
        [true] （手番）
       *[false] {""}
    }。ストア：種 { $seeds } 個。
kalah-seeds-in-play = 穴に残っている種：{ $seeds } 個。
kalah-swap-explained = パイルールでは、手を打つ代わりに相手の出だしを引き継げます。側を入れ替え、相手は反対側から次の手を打ちます。
kalah-board-swapped = { $player } さんがパイルールで側を入れ替え、{ $side }側になりました。
kalah-board-last-move = 直前の手：{ $player } さんが{ $side }の穴 { $pit } から種を { $seeds } 個まきました{ $captured ->
        [0] {""}
       *[other] 。{ $captured } 個を取りました
    }{ $again ->
        [true] 。最後の種がストアに入ったので、もう一手です
       *[false] {""}
    }。
kalah-board-end-no-move = 手番のプレイヤーにまく種が残っていなかった
kalah-board-end-side-empty = 一列の穴がすべて空になった
kalah-board-end-majority = どちらかのストアが全体の半分より多くの種を持った
kalah-board-ended = { $swept ->
        [0] { $reason }ため、ゲームが終わりました。
       *[other] { $reason }ため、ゲームが終わりました。穴に残っていた種 { $swept } 個は、それぞれの列のストアに入りました。
    }
kalah-text-stores = ストア：左は{ $left } { $left_seeds }、右は{ $right } { $right_seeds }。

# 新しいゲームのオプション。
kalah-options-seeds = 始めに一つの穴に入れる種の数
kalah-options-seeds-choice = 種 { $seeds } 個（全部で { $total } 個）
kalah-options-pie-rule = パイルール：先手の最初の手番のあと、後手は手を打つ代わりに側を入れ替えられます
kalah-options-empty-capture = 空の穴の取り：自分の空の穴に最後の種が入ったら、向かいの穴が空でもその種をストアに入れます
kalah-options-end = ゲームはいつ終わりますか？
kalah-options-end-no-move = 手番のプレイヤーに種がないとき、またはどちらかのストアが全体の半分より多くの種を持ったとき（ボードゲームアリーナ）
kalah-options-end-either = どちらかの列が空になったらすぐ（教科書どおりのルール）
# 文章で見る盤面：一行に一方の側、見ている人の側から。
kalah-words-side = { $side }（{ $player }{ $moving ->
        [true] 、手番
       *[false] {""}
    }）：穴1〜6の種は { $pits }、ストアは { $store } 個。
