# クリおじさんのテーブルガイプ。

gype-name = クリおじさんのテーブルガイプ
gype-flame = 炎
gype-swords = 剣
gype-book = 本
gype-tree = 木
gype-hat = 帽子
gype-ear = 耳
gype-confirmed-already = 配置はもう確定しています。全員が確定するとゲームが始まります。
gype-not-start-row = { $square } はあなたのスタート列ではありません。
gype-swap-two = 入れ替える別々のダイスを 2 つ選んでください。
gype-arrange-first = まずダイスを並べて確定してください。全員が確定するとゲームが始まります。
gype-arrangement-over = 配置の時間は終わりました。
gype-only-jumper = ジャンプを続けられるのは { $square } のダイスだけです。
gype-jumping = { $square } のダイスがジャンプ中です。続けてジャンプするか、移動を終えてください。
gype-frozen-roll = { $square } のダイスはゴール列に入ったので、もう転がせません。
gype-nothing-to-end = 終えるべき移動はありません。
gype-off-board = そこは盤のマスではありません。
gype-no-die = { $square } にダイスはありません。
gype-not-yours = { $square } のダイスはあなたのものではありません。
gype-frozen-move = { $square } のダイスはゴール列に入ったので、もう動かせません。
gype-ear-cannot-move = { $square } のダイスは耳の面で、動けません。
gype-hat-makes-hat-move = { $square } のダイスは帽子です。帽子は帽子の動きをします。
gype-cannot-step = { $face }は { $from } から { $to } へは動けません。
gype-hat-never-jumps = { $square } のダイスは帽子です。帽子はジャンプしません。
gype-cannot-jump = { $face }は { $from } から { $to } へはジャンプできません。
gype-nothing-to-jump = { $square } には飛び越えるダイスがありません。
gype-only-hat = { $square } のダイスは{ $face }です。帽子の動きができるのは帽子だけです。
gype-hat-landing = 帽子はまっすぐ 2 マスと横に 1 マス進んだところに着地します。
gype-occupied = { $square } にはもうダイスがあります。
gype-no-return = スタート列を出たダイスは、そこへ戻れません。
gype-other-home-row = { $square } はあなたのゴールではないホーム列なので、ダイスは入れません。
gype-chaos-limit = カオスルール：この手番の始めにスタート列にダイスが残っていたので、この手番はどのダイスも盤の中央より先へは進めません。
gype-die = ダイス
gype-list = { $items }
gype-path-long-first = まっすぐ 2 マス、次に横へ 1 マス
gype-path-short-first = 横へ 1 マス、次にまっすぐ 2 マス
gype-started = ダイスが配られ、{ $player } さんが先手です。全員が自分のスタート列を秘密のうちに並べます。
gype-swapped = { $player } さんが { $a } と { $b } のダイスを入れ替えました。
gype-rearranged = { $player } さんがスタート列を並べ替えました。
gype-confirmed = { $player } さんが並べ終えました。
gype-row-of = { $player } さん：{ $faces }
gype-revealed = 全員が並べ終え、スタート列が公開されました（各プレイヤーの左から）：{ $rows }。
gype-turn = { $player } さんの手番です。
gype-turn-chaos = { $player } さんの手番です。スタート列にダイスが残っているので、この手番はどのダイスも中央より先へ進めません（カオスルール）。
gype-stepped = { $player } さんが{ $face }を { $from } から { $to } へ動かしました。
gype-jumped-die-rolled = 飛び越えられたダイスは転がって{ $face }になりました
gype-jumped-die-rolled-already = 飛び越えられたダイスはこの手番ですでに転がっています
gype-jumped = { $player } さんの{ $face }が { $from } から { $over } を飛び越えて { $to } へ移りました。{ $roll }。
gype-hat-nothing-in-way = 通り道にダイスはありませんでした
gype-die-rolled = { $square } のダイスは転がって{ $face }になりました
gype-hat-moved = { $player } さんの帽子が { $from } から { $to } へ跳びました（{ $path }）。{ $rolled }。
gype-rolled = { $player } さんが { $square } のダイスを転がしました：{ $face }。
gype-move-ended = { $player } さんが { $square } で移動を終えました。
gype-dice-leave = { $count ->
        [-1] { $player } さんのダイスが盤から取り除かれました。
       *[other] { $player } さんのダイス { $count } 個が盤から取り除かれました。
    }
gype-dice-leave-before-reveal = { $count ->
        [-1] 配置の公開前に、{ $player } さんのダイスが盤から取り除かれました。
       *[other] 配置の公開前に、{ $player } さんのダイス { $count } 個が盤から取り除かれました。
    }
gype-won = { $player } さんはダイス 8 個すべてをゴール列に入れ、勝ちました。
gype-swap-label = { $a } の{ $face }と { $b } の{ $other }を入れ替える
gype-confirm-label = 配置を確定する
gype-move-label = { $face }を { $from } から { $to } へ動かす
gype-jump-label = { $face }で { $from } から { $to } へジャンプする
gype-hat-via-label = 帽子で { $from } から { $p } と { $q } を通って { $to } へ
gype-hat-label = 帽子で { $from } から { $to } へ
gype-end-move-label = 移動を終える
gype-roll-label = { $square } の{ $face }を転がす
gype-form-start = クラシックスタートかランダムスタートを選んでください。
gype-option-classic = クラシックスタート：各プレイヤーのダイスは炎・剣・本・木が 2 つずつ
gype-option-random = ランダムスタート：どのダイスもランダムな面で始まります（耳は出ません）
gype-option-chaos = カオスルール：手番の始めにスタート列にダイスが残っていたら、その手番はどのダイスも盤の中央より先へ進めません
gype-option-no-chaos = カオスルールなし
gype-option-arrange = ゲームの前に全員がスタート列を秘密のうちに並べ、一斉に公開します

# ルールのページ。
gype-guide-summary = 10 × 10 の盤をダイスで競走するゲームです。ダイスは出ている面に従って動き、飛び越えられたダイスは転がります。自分のダイス 8 個すべてを最初に反対側へ運んだ人の勝ちです。
gype-guide-players = 2～4 人
gype-guide-length = ふつうは 60～120 手、1 日 1 手なら数週間
gype-guide-rule-1 = 各プレイヤーは自分の側の列に 8 個のダイスを置いて始め、反対側の列まで競走します。ゲームの前に、全員が自分のスタート列をひそかに並べ、一斉に公開します。
gype-guide-rule-2 = 自分の番には、自分のダイスを一つその場で転がすか、面に従って動かします。炎はどの方向にも 1 歩、本はまっすぐ 1 歩、剣は斜めに 1 歩、木は前・斜め前、またはまっすぐ後ろへ、帽子はチェスのナイトのように動きます。耳は動けません。
gype-guide-rule-3 = ダイスのあるマスへ進むときは、そのダイスを飛び越えて先の空いたマスへ移り、飛び越えられたダイスは転がります。ダイスは続けてジャンプでき、好きなところで移動を終えられます。
gype-guide-rule-4 = 反対側の列に着いたダイスは、そこにずっと留まります。8 個すべてを最初にゴールさせた人の勝ちです。
gype-guide-option-1 = スタート
gype-guide-option-meaning-1 = クラシック（標準）：各自の 8 個のダイスは炎・剣・本・木が 2 つずつ。ランダム：どのダイスもランダムな面で始まります（耳は出ません）。
gype-guide-option-2 = カオスルール
gype-guide-option-meaning-2 = ふだんはオフ。オンにすると、手番の始めにスタート列にダイスが残っている間は、その手番どのダイスも盤の中央より先へ進めません。

# メールの返信で使う手のコード（「メールで遊ぶ」のページ）。
gype-codes-1 = マスは盤と同じく列の文字と行の数字で書きます：「b3」。
gype-codes-2 = 並べるとき：「入れ替え a1 c1」で自分のダイス 2 つを入れ替え、決まったら「完了」。
gype-codes-3 = 手：「動かす b1 b2」（1 マス）、「ジャンプ b1 b3」（続けるなら「次に ジャンプ b3 b5」、止めるなら「終了」）、「帽子 b1 c3 経由 b2 b3」（帽子の道筋）、または「転がす b1」。

# 盤。
gype-side-south = 南
gype-side-west = 西
gype-side-north = 北
gype-side-east = 東
gype-dice-light = 白
gype-dice-dark = 黒
gype-dice-red = 赤
gype-dice-blue = 青
gype-moves-flame = どの方向にも 1 マス
gype-moves-book = まっすぐ 1 マス（前・後ろ・横）
gype-moves-swords = ななめに 1 マス
gype-moves-tree = 前に 1 マス（まっすぐかななめ）、または後ろにまっすぐ 1 マス
gype-moves-hat = まっすぐ 2 マスと横に 1 マスの跳躍で、何でも飛び越えます。通り道のダイスはすべて転がります
gype-moves-ear = 動けません。転がして面を変えます
gype-board-starts-here = { $you ->
        [true] あなたのスタート
       *[false] { $player } さんのスタート
    }
gype-board-goal-of = { $you ->
        [true] あなたのゴール
       *[false] { $player } さんのゴール
    }
gype-board-home-row = { $side }のホーム列：{ $parts }
gype-board-row-unused = { $side }のホーム列：このゲームでは使いません
gype-board-the-die-on = { $square } のダイス
gype-board-die-on = { $you ->
        [true] あなたの
       *[false] { $player } さんの
    }{ $face }（{ $square }）
gype-board-die-link = { $shown }：{ $die }を選ぶ
gype-board-choose-die-link = { $die }を選ぶ
gype-board-table-label = 盤
gype-board-square = { $square }
gype-board-badge-start = 出発点
gype-board-badge-lands = 着地点
gype-board-badge-rolled = 転がった
gype-board-badge-route = 経路 { $route }
gype-board-arrange-title = スタート列を並べる
gype-board-arrange-help = 2 つずつ入れ替えて、8 個のダイスを好きな順に並べてください。全員が確定するまで誰にもあなたの並びは見えません。確定したら全員の列が一緒に公開され、{ $known ->
        [true] { $you ->
            [true] あなた
           *[false] { $player } さん
        }
       *[false] 先手のプレイヤー
    }から始めます。
gype-board-arrange-choose = 入れ替えるダイスをスタート列（一番下の列）から選んでください：
gype-board-arrange-swap = { $die }と入れ替えるダイスの「入れ替える」を押してください。
gype-board-swap-with = この{ $face }と { $square } を入れ替える
gype-board-another-die = 別のダイスを選ぶ
gype-board-confirm = この配置で確定する
gype-board-chain-title = ジャンプを続けるか止めるか
gype-board-chain-help = { $die }がジャンプ中です。盤のボタンでもう一度ジャンプするか、ここで移動を終えてください。
gype-board-already-rolled = この移動ですでに転がったダイス（もう一度飛び越えても転がりません）：{ $squares }。
gype-board-jump-to = { $square } へジャンプ
gype-board-end-move = { $square } で移動を終える
gype-board-your-turn = あなたの番です
gype-board-your-turn-help = ダイスを一つ動かすか、代わりに一つ転がしてください。ゴール列に入ったダイスはそこにとどまります。
gype-board-choose-die = ダイスを選んでください（盤の上でも選べます）：
gype-board-move-title = { $die }を動かす
gype-board-face-moves = { $face }：{ $moves }。
gype-board-move-to = { $square } へ動かす
gype-board-square-button = { $action }：{ $die }
gype-board-roll-instead = 代わりに { $square } のダイスを転がす
gype-board-leap-to = { $square } へ跳ぶ
gype-board-hat-lands = 帽子は { $square } に着地します。経路を選んでください。経路上のダイスはすべて転がります。
gype-board-route = 経路 { $route }：{ $via } を通る（{ $path }）。{ $count ->
        [0] 転がるダイスはありません
       *[other] 転がるのは{ $rolled }
    }
gype-board-another-landing = 別の着地点を選ぶ
gype-board-only-roll = いまは動けませんが、転がすことはできます。
gype-board-press-square = 色のついたマスのボタンを押すと、そこへ動きます。
gype-board-choose-landing = 跳ぶ先を色のついたマスから選び、次に経路を選んでください。
gype-board-not-started = ゲームはまだ始まっていません
gype-board-arranging-title = プレイヤーが並べているところです
gype-board-you-confirmed = あなたは配置を確定しました。全員が確定すると、スタート列が一緒に公開されてゲームが始まります。
gype-board-arranging-help = 各プレイヤーが秘密のうちにスタート列を並べています。全員が確定すると、列が一緒に公開されてゲームが始まります。
gype-board-still-arranging = まだ並べている人：{ $players }。
gype-board-play = 対局中
gype-board-to-move = { $players } の手番
gype-board-mid-chain = { $square } のダイスは連続ジャンプの途中です。
gype-board-won = { $you ->
        [true] あなたの勝ちです
       *[false] { $player } さんの勝ちです
    }
gype-board-game-over = ゲーム終了
gype-board-brought-home = { $you ->
        [true] あなた
       *[false] { $player } さん
    }はダイス 8 個すべてをゴール列に入れました。
gype-board-now-shows = { $square } のダイスは{ $face }になりました
gype-board-last-roll = { $you ->
        [true] あなた
       *[false] { $player } さん
    }が { $square } のダイスを転がしました：{ $face }。
gype-board-last-step = { $you ->
        [true] あなた
       *[false] { $player } さん
    }が{ $face }を { $from } から { $to } へ動かしました。{ $rolls ->
        [0] {""}
       *[other] 転がったダイス：{ $rolled }。
    }
gype-board-last-jump = { $you ->
        [true] あなた
       *[false] { $player } さん
    }の{ $face }が { $trail } とジャンプしました{ $more ->
        [true] 。まだ続けられます
       *[false] {""}
    }。{ $rolls ->
        [0] {""}
       *[other] 転がったダイス：{ $rolled }。
    }
gype-board-last-hat = { $you ->
        [true] あなた
       *[false] { $player } さん
    }の帽子が { $from } から { $to } へ跳びました。{ $rolls ->
        [0] {""}
       *[other] 転がったダイス：{ $rolled }。
    }
gype-board-chaos = カオスルール：この手番の始めに{ $you ->
        [true] あなた
       *[false] { $player } さん
    }のスタート列にダイスが残っていたので、この手番はどのダイスも中央の線を越えた、影のついた側へは着地できません。
gype-board-caption = { $player ->
        [true] あなたの側（下が{ $side }）
       *[false] { $side }側
    }から見た盤。各ダイスには面と持ち主の文字が書かれています。
gype-board-hidden = 非公開
gype-board-note-jumping = ジャンプ中
gype-board-note-home = ゴール
gype-board-left-edge = 左の端：
gype-board-right-edge = 右の端：
gype-board-what-to-do = すること
gype-board-last-move = 直前の手：
gype-board-sides-and-dice = 側とダイス
gype-board-seat = ：{ $side }側、{ $letter } の印の{ $colour }のダイス。8 個のうち { $home } 個がゴール{ $start ->
        [0] {""}
       *[other] 、{ $start } 個がまだスタート列
    }。
gype-board-seat-confirmed = 配置を確定しました。
gype-board-seat-arranging = まだ並べています。
gype-board-seat-to-act = 手番です。
gype-board-how-dice-move = ダイスの動き方
gype-board-face-help = ：{ $moves }。
gype-board-turn-rules = 自分の番には、ダイスを一つ動かすか、一つ転がします。ダイスは空いているマスへ進むか、隣のダイスを（面が許す方向に）飛び越えてすぐ先の空いているマスへジャンプできます。飛び越えられたダイスは、その手番で初めて飛び越えられたときに転がります。ジャンプのあと、同じダイスはもう一度ジャンプするか止まります。ダイスはスタート列を離れるまでその列に沿って動けますが、戻ることはできません。ほかのホーム列で入れるのはゴール列だけです。ゴール列で移動を終えたダイスは、そのままそこにとどまります。8 個のダイスすべてを最初にゴール列に入れた人の勝ちです。
gype-text-faces = 面：F 炎、S 剣、B 本、T 木、H 帽子、E 耳{ $hidden ->
        [true] 、? は全員が並べ終えるまで非公開
       *[false] {""}
    }。* はゴールに入ったダイス。
gype-text-seat = { $letter } = { $player }（{ $side }、{ $colour }のダイス）：8 個のうち { $home } 個がゴール。

# 新しいゲームのオプション。
gype-options-start = ダイスはどう始めますか？
gype-options-classic = クラシック：各プレイヤーの 8 個のダイスは、炎・剣・本・木が 2 個ずつ
gype-options-random = ランダム：どのダイスもランダムな面で始まります（炎・剣・本・木・帽子のどれか。耳にはなりません）
gype-options-chaos = カオスルール：自分の番の始めにスタート列にダイスが残っていたら、その番はどのダイスも盤の中央より先へ進めません
gype-options-hint = ゲームの前に、各プレイヤーは自分のスタート列を秘密のうちに並べます。全員が確定すると列が一緒に公開されます。2 人なら南と北、3 人なら南・西・北、4 人なら四方に座ります。

# 文章で見る盤面：一行にひとりずつ。
gype-words-hidden = 伏せたダイス
gype-words-die = { $square } に{ $face }{ $home ->
        [true] （ゴール済み）
       *[false] {""}
    }
gype-words-seat = { $player }（{ $side }、{ $colour }のダイス{ $moving ->
        [true] 、手番
       *[false] {""}
    }）：{ $dice }。8 個のうち { $home } 個がゴール。
