# アズール：サマーパビリオン。

azul-name = アズール：サマーパビリオン
azul-purple = 紫
azul-green = 緑
azul-orange = 橙
azul-yellow = 黄
azul-blue = 青
azul-red = 赤
azul-centre-star = 中央の星
azul-colour-star = { $colour }の星
azul-numbered-star = 星 { $star }
azul-the-centre = 中央
azul-factory = 工房 { $factory }
azul-take-first = まず工房か中央からタイルを取ってください。
azul-choose-bonus-first = まずサプライからタイルを { $count } 枚選んでください。
azul-keep-first = まず取っておくタイルを選んでください。
azul-round-over = このラウンドは終わりました。パスして次のラウンドを始めてください。
azul-place-or-pass = タイルを置くか、パスしてください。
azul-no-such-factory = 工房 { $factory } はありません。
azul-no-round = ラウンドが行われていません。
azul-source-empty = { $source }にはタイルがありません。
azul-source-lacks = { $source }には{ $colour }のタイルがありません。
azul-wild-comes-along = このラウンドは{ $wild }がワイルドです。別の色を取ると、{ $wild }が 1 枚ついてきます。
azul-no-such-star = 星 { $star } はありません。星は 0（中央）～6 です。
azul-no-such-space = 星のマスは 1～6 です。
azul-space-covered = { $star }のマス { $space } はもう埋まっています。
azul-star-only = { $star }に置けるのは{ $colour }のタイルだけです。
azul-star-has = { $star }にはもう{ $colour }のタイルがあります。
azul-no-tile = { $colour }のタイルを持っていません。
azul-pay-wild-alone = { $wild }はこのラウンドのワイルドの色です。{ $wild }のタイルだけで払ってください（ワイルド 0 枚）。
azul-cost-short = このマスにはタイルが { $cost } 枚必要ですが、{ $colour }は { $own } 枚しかありません。
azul-cost-short-with-wild = このマスにはタイルが { $cost } 枚必要ですが、{ $colour }が { $own } 枚とワイルドが { $wilds } 枚しかありません。
azul-wilds-short = ワイルドのタイルは { $wilds } 枚しかありません。
azul-one-real-tile = 置くタイルは本物の{ $colour }でなければなりません。ワイルドは { $most } 枚までです。
azul-use-wilds = { $colour }は { $own } 枚しかありません。ワイルドを { $least } 枚以上使ってください。
azul-no-bonus = 取れるボーナスのタイルはありません。
azul-bonus-count = サプライからちょうど { $count } 枚取ってください。
azul-supply-short = サプライには{ $colour }のタイルが { $count } 枚しかありません。
azul-not-keeping = いまは取っておくタイルを選ぶときではありません。
azul-keep-most = 取っておけるタイルは { $most } 枚までです。
azul-hand-short = { $colour }のタイルは { $count } 枚しか持っていません。
azul-count-of = { $colour } { $count } 枚
azul-nothing = なし
azul-list = { $items }
azul-points = { $points } 点
azul-no-wild = なし
azul-pillar = { $star }の柱
azul-window = { $star }の窓
azul-statue = { $star }と{ $next }の間の像
azul-round-started = 第 { $round } ラウンドが始まりました（ワイルドは{ $wild }）。{ $player } さんから始めます。
azul-factory-holds = 工房 { $factory }：{ $tiles }
azul-factories-filled = 工房にタイルが補充されました（{ $factories }）。
azul-supply-refilled = サプライに{ $tiles }が補充されました。
azul-tower-emptied = 袋が空になったので、塔のタイル { $count } 枚を袋に戻しました。
azul-with-wild = { $tiles }とワイルドの{ $wild } 1 枚
azul-took = { $player } さんが{ $source }から{ $tiles }を取りました{ $centre }{ $token }。
azul-to-centre = （{ $tiles }は中央へ）
azul-took-token = 。スタートプレイヤーマーカーも取り、{ $points }を失いました
azul-placing-started = タイルはすべて取られました。{ $player } さんから置きます。
azul-placed = { $player } さんが{ $colour }を{ $star }のマス { $space } に置き{ $wilds ->
        [0] {""}
       *[other] （ワイルド { $wilds } 枚使用）
    }、{ $points }を得ました{ $completed }。
azul-completed = 。{ $structures }を完成させました（ボーナス：タイル { $bonus } 枚）
azul-bonus-taken = { $player } さんがボーナスとしてサプライから{ $tiles }を取りました。
azul-passed = { $player } さんがパスしました。
azul-nothing-left = { $player } さんにはタイルが残っていませんでした。
azul-kept = { $player } さんが{ $tiles }を取っておきました。
azul-discarded = { $player } さんが{ $discarded }を捨て、{ $points }を失いました。
azul-kept-and-discarded = { $player } さんが{ $kept }を取っておき、{ $discarded }を捨てて{ $points }を失いました。
azul-star-full = { $star }が完成（{ $points }）
azul-number-covered = 数字 { $number } をすべて埋めた（{ $points }）
azul-no-final-bonus = { $player } さんにゲーム終了時のボーナスはありませんでした。
azul-final-scored = { $player } さんはゲーム終了時に{ $points }を得ました：{ $parts }。
azul-to-tower = { $tiles }は塔へ移りました
azul-bonus-forfeited = ボーナスで受け取るはずだったタイル { $count } 枚はサプライに残りました
azul-token-passed = { $player } さんがスタートプレイヤーマーカーを引き継ぎました
azul-start-passed = { $player } さんがスタートプレイヤーを引き継ぎました
azul-left = { $player } さんがゲームを去りました。
azul-left-and = { $player } さんがゲームを去りました：{ $what }。
azul-round-over-event = 置けるタイルを持つプレイヤーがいなくなり、第 { $round } ラウンドが終わりました。第 { $next } ラウンドは { $player } さんから始めます。
azul-game-won = ゲーム終了：{ $players }の勝ちです{ $scored ->
        [0] {""}
       *[other] （{ $points }）
    }。
azul-game-shared = ゲーム終了：{ $players }が勝利を分け合いました{ $scored ->
        [0] {""}
       *[other] （{ $points }）
    }。
azul-take-label = { $source }から{ $colour }を取る
azul-take-wild-label = { $source }からワイルドの{ $colour }を 1 枚取る
azul-place-label = { $colour }を{ $star }のマス { $space } に置く（コスト { $cost }）{ $wilds ->
        [0] {""}
       *[other] ワイルド { $wilds } 枚使用
    }
azul-bonus-label = ボーナスとして{ $tiles }を取る
azul-start-round-label = 第 { $round } ラウンドを始める
azul-pass-label = パス
azul-keep-nothing-label = 何も取っておかない
azul-keep-label = { $tiles }を取っておく
azul-form-board = 色付きの盤（通常のゲーム）か灰色の盤（バリアント）を選んでください。
azul-option-standard = 色付きの盤（通常のゲーム）：外側の星にはその星の色のタイル、中央の星には各色 1 枚ずつ
azul-option-variant = 灰色の盤（バリアント）：中央を含むどの星も、最後には全部同じ色か 6 色すべて違う色になります

# ルールのページ。
azul-guide-summary = 工房から色のタイルを取り、それを使って自分のパビリオンの星を埋めていきます。ほかのタイルの隣に置くたびに得点になります。ラウンドごとに一つの色がワイルドになります。
azul-guide-players = 2～4 人
azul-guide-length = 6 ラウンド、各ラウンド十数手、1 日 1 手なら 1 か月以上
azul-guide-rule-1 = 各ラウンドはタイルを取ることから始まります。自分の番には、一つの工房から一色（ワイルドの色は除く）のタイルをすべて取り、残りを中央へ移すか、中央から取ります。ワイルドのタイルがあれば、ちょうど 1 枚がついてきます。最初に中央から取った人は次のラウンドの最初のプレイヤーになり、そのとき取ったタイル 1 枚につき 1 点を失います。
azul-guide-rule-2 = タイルがすべて取られたら、順番に自分の盤へタイルを置きます。数字のマスにはその数だけ星の色のタイルが必要で（1 枚以外はワイルドで代用できます）、置いたタイルはそれ自身と、星の中でつながっているタイル 1 枚ごとに 1 点になります。
azul-guide-rule-3 = 柱・像・窓を囲むと、サプライからボーナスのタイルがもらえます。置けないか置きたくないときはパスします。次のラウンドのためにタイルを 4 枚まで取っておけ、残りのタイル 1 枚につき 1 点を失います。
azul-guide-rule-4 = 6 ラウンドのあと、完成した星と数字のまとまりに追加の得点が入ります。得点の最も高い人の勝ちです。
azul-guide-option-1 = プレイヤーの盤
azul-guide-option-meaning-1 = 色付き（標準）：外側の星にはその星の色のタイル、中央の星には各色 1 枚ずつを置きます。灰色：どの星の色も自分で決め、各星は最後に全部同じ色か 6 色すべて違う色にならなければなりません。

# メールの返信で使う手のコード（「メールで遊ぶ」のページ）。
azul-codes-1 = タイルを取る：「取る 3 赤」（工房 3 から）または「取る 中央 赤」。ワイルドのタイルがあれば自動でついてきます。
azul-codes-2 = タイルを置く：色、星（中央、色、灰色の盤では番号）、マス 1～6、払うタイルのうちワイルドの枚数：「置く 赤 青 4」「置く 赤 中央 2 1 ワイルド」。
azul-codes-3 = このラウンドの配置をやめる：「パス」。ボーナスのタイル：「ボーナス 赤 青」。取っておくタイル：「残す 緑 緑 赤」または「残す なし」。ラウンドの間：「次の ラウンド」。

# 盤。
azul-count-of-wild = ワイルドの{ $colour } { $count } 枚
azul-board-star-centre = 中央の星
azul-board-star-colour = { $colour }の星
azul-board-star-numbered = 星 { $star }
azul-board-star-heading = { $star }：
azul-board-space-empty = 空き
azul-board-space = {" "}{ $tile }{ $mark ->
        [chosen] （選択中）
        [open] （ここに置ける）
       *[none] {""}
    }{ $last ->
        [true] 。
       *[false] 、
    }
azul-board-space-link = { $star }、マス { $space }、コスト { $cost }：ここにタイルを置く
azul-board-space-name = { $star }、マス { $space }
azul-board-space-list = 置けるマス（{ $count } か所）を一覧から選ぶ
azul-board-structure-done = { $structure }：完成
azul-board-structure-open = { $structure }：{ $spaces } マスのうち { $covered } マスが埋まっています。完成させるとボーナスのタイルを { $reward } 枚もらえます
azul-board-to-act = 手番
azul-board-passed = パス済み
azul-board-holds-token = スタートプレイヤーマーカーを持っています
azul-board-token = スタートプレイヤーマーカー
azul-board-winner = 勝者
azul-board-none-yet = まだありません
azul-board-no-tiles = タイルなし
azul-board-empty = 空
azul-board-nothing-yet = まだ何もありません
azul-board-factory = 工房 { $factory }
azul-board-centre = 中央
azul-board-source = { $source }：
azul-board-centre-words = { $tiles }{ $token ->
        [true] 、スタートプレイヤーマーカー
       *[false] {""}
    }
azul-board-waiting-take = { $player } さんがタイルを取っています。
azul-board-waiting-place = { $player } さんがタイルを置くかパスするところです。
azul-board-waiting-bonus = { $player } さんがサプライからボーナスのタイルを { $count } 枚選んでいます。
azul-board-waiting-keep = { $player } さんがパスし、取っておくタイルを選んでいます。
azul-board-setting-up = ゲームを準備しています。
azul-board-over = ゲームは終わりました。6 ラウンドを遊びました。
azul-board-round = 6 ラウンドのうち第 { $round } ラウンド：ワイルドは{ $wild }です。いまは{ $phase ->
        [take] 第 1 段階、タイルを取る番です。順番に、工房か中央から一色のタイルをすべて取ります
       *[place] 第 2 段階、タイルを置く番です。全員がパスするまで、順番にマスを一つ埋めるかパスします
    }。
azul-board-track = ラウンドとワイルドの色：
azul-board-track-round = {" "}{ $wild }{ $current ->
        [true] （このラウンド）
       *[false] {""}
    }{ $last ->
        [true] 。
       *[false] 、
    }
azul-board-your-move = あなたの手
azul-board-last-move = 直前の手：{ $move }
azul-board-table-label = 工房、中央、サプライ
azul-board-table = テーブル
azul-board-offer-empty = 工房と中央は{ $ended ->
        [true] 空です
       *[false] 次のラウンドまで空です
    }。{ $token ->
        [true] スタートプレイヤーマーカーは中央にあります。
       *[false] {""}
    }
azul-board-supply = サプライ（ボーナスのタイル）：
azul-board-bag-tower = 袋の中：{ $bag } 枚（必要なときにランダムに引きます）。塔の中：{ $tower } 枚（袋が空になったら袋に戻します）。
azul-board-legend = タイルの文字：
azul-board-legend-is = {" "}は
azul-board-player = { $player }：
azul-board-pavilion = { $player } の盤。各星のマスを、印刷された数字の順に時計回りに並べています。
azul-board-hand = 盤の横のタイル：
azul-board-corner = 角のタイル（次のラウンドのために取っておいたもの）：
azul-board-structures = 完成したボーナスの建物（18 のうち { $done }）：
azul-board-outlined = 枠で囲まれたマスが、いま埋められるマスです。
azul-board-players = プレイヤーの盤
azul-board-final-scores = 最終得点
azul-board-scores = 得点
azul-board-col-seat = 席
azul-board-col-player = プレイヤー
azul-board-col-score = 得点
azul-board-col-hand = 手元のタイル
azul-board-col-corner = 角のタイル
azul-board-col-covered = 埋めたマス
azul-board-col-now = いま
azul-board-covered = 42 のうち { $covered }
azul-board-your-turn = あなたの番です
azul-board-take-wild = ワイルドの{ $colour }を 1 枚取る
azul-board-take = { $colour }を { $count } 枚取る{ $along ->
        [true] （＋ワイルドの{ $wild } 1 枚）
       *[false] {""}
    }
azul-board-take-token = { $take }{ $token ->
        [true] 。スタートプレイヤーマーカーも取る（{ $lost ->
            [0] 得点はすでに 1 なので失いません
           *[other] −{ $lost } 点
        }）
       *[false] {""}
    }
azul-board-take-from = { $source }から：{ $take }
azul-board-take-heading = あなたの番です：タイルを取る
azul-board-take-help = 工房か中央から一色のタイルをすべて取ります。下のボタンを押してください。{ $wild }のタイル（このラウンドのワイルド）もあれば、ちょうど 1 枚がついてきます。ワイルドのタイルだけを取れるのは、ほかに何も残っていないときだけです。
azul-board-take-help-centre = 工房の残りのタイルは中央へ移ります。最初に中央から取った人はスタートプレイヤーマーカーも取り、取ったタイル 1 枚につき 1 点を失い、次のラウンドを始めます。
azul-board-pass = { $case ->
        [none] パス
        [last] パス：最後のラウンドが終わるので、タイル { $tiles } 枚で { $lost } 点を失います
        [keep] パスして、タイル { $tiles } 枚を次のラウンドのために取っておく
       *[choose] パスして、タイル { $tiles } 枚から取っておくものを 4 枚まで選ぶ
    }
azul-board-pass-heading = いまパスしますか？
azul-board-pass-confirm = { $pass }。このラウンドではもうタイルを置けません。
azul-board-pass-yes = はい、パスします
azul-board-pass-no = いいえ、タイルを置くのに戻る
azul-board-ask = { $action }…
azul-board-place-heading = あなたの番です：タイルを置くかパスする
azul-board-place-help = 自分の盤の空いているマスを一つ埋めるか、パスします。下の盤で枠に囲まれたマスを選んでください。それがいま払えるマスです。
azul-board-place-cost-help = マスのコストはその数字と同じ枚数のタイルで、すべて置く色です。このラウンドは{ $wild }のタイルがワイルドで、1 枚を除いて代わりに使えます。置いたタイルは 1 点と、星の中でつながっているタイル 1 枚ごとに 1 点になります。
azul-board-grey-help = 灰色の盤：どの星も最後には一色だけか、六色すべて違う色にしなければなりません。
azul-board-coloured-help = 外側の星はそれぞれ自分の色、中央の星は各色 1 枚ずつです。
azul-board-cannot-pay = いまはどのマスも払えません。パスしてください。
azul-board-covering-scores = ここを埋めると { $points } 点です。
azul-board-completes = { $structures }が完成し、サプライからボーナスのタイルを { $reward } 枚選べます。
azul-board-confirm = ボタンで確定してください：
azul-board-choose-colour-and-pay = 置く色と払い方を選んでください：
azul-board-choose-pay = 払い方を選んでください：
azul-board-place-paying = { $colour }を置く、{ $colour } { $own } 枚で払う{ $wilds ->
        [0] {""}
       *[other] （＋ワイルドの{ $wild } { $wilds } 枚）
    }
azul-board-space-heading = あなたの番です：{ $space }、コストはタイル { $cost } 枚
azul-board-another-space = 別のマスを選ぶか、パスする
azul-board-put-back = { $colour }のタイルを 1 枚戻す
azul-board-start-again = 最初からやり直す
azul-board-take-bonus = サプライから{ $tiles }を取る
azul-board-you-completed = { $structures }を完成させました。
azul-board-bonus-help = サプライからタイルを { $count } 枚、好きな色で選んでください（ワイルドの色も選べます）。盤の横のタイルに加わります。
azul-board-bonus-heading = あなたの番です：サプライからボーナスのタイルを { $count } 枚選ぶ
azul-board-add-bonus = { $colour }のタイルを 1 枚加える（サプライに { $left } 枚）
azul-board-one-at-a-time = 1 枚ずつ加えてください。あと { $left } 枚選べます。
azul-board-chosen-so-far = ここまでに選んだタイル：
azul-board-add-keep = { $colour }のタイルを 1 枚取っておく（{ $left } 枚あります）
azul-board-keep = { $count ->
        [0] 何も取っておかず、タイル { $discarded } 枚をすべて捨てる（{ $lost ->
            [0] 得点はすでに 1 なので失いません
           *[other] −{ $lost } 点
        }）
       *[other] { $kept }を取っておき、タイル { $discarded } 枚を捨てる（{ $lost ->
            [0] 得点はすでに 1 なので失いません
           *[other] −{ $lost } 点
        }）
    }
azul-board-keep-question = { $keep }：よろしいですか？
azul-board-keep-loses = 取っておかないタイルはすべて塔へ移り、{ $lost ->
        [0] 得点はすでに 1 なので点は失いません。
       *[other] { $lost } 点を失います。
    }
azul-board-keep-change = いいえ、取っておくタイルを変える
azul-board-keep-heading = あなたの番です：取っておくタイルを選ぶ
azul-board-keep-help = タイル { $count } 枚（{ $tiles }）を持ってパスしました。そのうち { $max } 枚までを盤の角に置いて次のラウンドに使えます。残りのタイルは塔へ移り、1 枚につき 1 点を失います。
azul-board-keep-one-at-a-time = 取っておくタイルを 1 枚ずつ加え、ボタンで確定してください。
azul-board-kept-so-far = ここまでに取っておいたタイル：
azul-text-over = ゲームは終わりました。
azul-text-round = 6 ラウンドのうち第 { $round } ラウンド、ワイルドは{ $wild }：{ $doing ->
        [take] タイルを取る段階
        [place] タイルを置く段階
        [bonus] ボーナスのタイルを選んでいるところ
        [keep] 取っておくタイルを選んでいるところ
       *[none] 待っているところ
    }。{ $acting ->
        [true] 手番：{ $player }。
       *[false] {""}
    }
azul-text-factories = 工房：
azul-text-centre = 中央：{ $tiles }{ $token ->
        [true] 、スタートプレイヤーマーカー
       *[false] {""}
    }
azul-text-supply = サプライ：{ $stocked ->
        [true] { $letters }
       *[false] 空
    }。袋 { $bag } 枚、塔 { $tower } 枚
azul-text-player = { $player }：{ $score } 点、手元 { $hand } 枚、角 { $corner } 枚、42 マスのうち { $covered } マスを埋めた{ $now ->
        [act] （手番）
        [passed] （パス済み）
       *[none] {""}
    }

# 新しいゲームのオプション。
azul-options-boards = プレイヤーの盤
azul-options-standard = 色付きの盤（通常のゲーム）：外側の星はそれぞれ自分の色、中央の星は各色 1 枚ずつ
azul-options-variant = 灰色の盤（バリアント）：どの星の色もプレイヤーが決めます。どの星も最後には一色だけか、六色すべて違う色にします
azul-options-hint = 2～4 人、6 ラウンド。

# 文章で見る盤面。
azul-words-factories = { $factories }。
azul-words-factory = { $factory } は{ $tiles }
azul-words-supply = 補充（ボーナスタイル）：{ $tiles }。袋に { $bag } 枚、塔に { $tower } 枚。
azul-words-player = { $player }{ $now ->
        [act] （手番）
        [passed] （パス済み）
       *[none] {""}
    }：{ $score } 点。手元に{ $hand }、角に{ $corner }。42 マスのうち { $covered } マスを埋めた。
