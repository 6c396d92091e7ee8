# サインイン、設定、配信停止。

unsubscribe-title = ゲームのメールを止める
unsubscribe-done-title = ゲームのメールを止めました
unsubscribe-link-unknown = この配信停止リンクは無効です。サインインしたあと、設定でメールを変えられます。
unsubscribe-done = { $email } にはもうゲームのメールを送りません。手番や終局の知らせも、まとめのメールも届きません。サインイン用のリンクと招待は、誰かが求めたときに届きます。
unsubscribe-changed-mind = 気が変わりましたか？
unsubscribe-choose-how-often = メールの頻度を選ぶ（サインインのあと）。
unsubscribe-question = { $email } への手番と終局のメールを止めますか？
unsubscribe-button = ゲームのメールを止める
email-missing = メールアドレスを入力してください。
email-too-long = そのメールアドレスは長すぎます。
email-invalid = 「{ $email }」は正しいメールアドレスではありません。
name-missing = 名前を入力してください。
name-too-long = 名前は { $most } 文字までです。
name-control = 名前に制御文字は使えません。
name-taken = 「{ $name }」という名前のプレイヤーはすでにいます。別の名前を選んでください。
notify-every-turn = 自分の番が来たときとゲームが終わったときに毎回メールを受け取る
notify-daily-digest = 自分を待っているゲームの一覧を 1 日 1 通受け取る
notify-never = ゲームのメールは受け取らない（サインイン用のリンクと招待は届きます）
settings-choose-language = 示された言語から一つ選んでください。
settings-saved = 保存しました。
settings-name-label = ほかのプレイヤーに見えるあなたの名前
settings-email-address = メールアドレス：{ $email }
settings-language-label = ページとメールの言語
settings-game-emails = ゲームのメール
settings-pictures = メールの盤面画像
settings-pictures-on = オン：ゲームのメールに盤面を画像で載せる
settings-pictures-off = オフ：盤面は文字だけ
settings-zone-label = タイムゾーン（盤面と記録に表示する時刻に使います）
settings-save = 保存する
settings-vacation-title = 休暇
settings-vacation-intro = 休暇中は参加しているすべてのゲームで持ち時間が止まるので、留守のあいだに時間切れで負けることはありません。
settings-vacation-days-left = 今年の休暇は { $total } 日のうち { $left } 日残っています。1 日の一部でも 1 日と数えます。
settings-away-until = { $until } まで休暇中です。
settings-vacation-end = 戻りました：いま休暇を終える
settings-vacation-end-hint = 持ち時間はすぐにまた動き始めます。使わなかった日は戻ります。
settings-vacation-none-left = 今年の休暇はもう残っていません。
settings-vacation-days-label = 今から休む日数
settings-vacation-start = 休暇を始める
settings-by-email-title = メールで手を打つ
settings-by-email-intro = 手番のメールには、返信で手を打てるアドレスがついています（
settings-reply-addresses = { $count ->
        [0] を参照）。進行中のゲームの返信用アドレスは持っていません。
       *[other] を参照）。進行中のゲームの返信用アドレスを { $count } 件持っています。
    }
settings-revoke-replies = これまでに送られた返信用アドレスをすべて止める
settings-revoke-replies-hint = すでに送られたメールへの返信は断られます。これから送るメールには新しいアドレスがつきます。
settings-sessions-title = サインインしている場所
settings-this-browser = （このブラウザー）
settings-session-times = { $since } にサインイン、最後の利用は { $last }
settings-sign-out-everywhere = このブラウザーを含め、すべての場所からサインアウトする

settings-unnamed-browser = 名前のわからないブラウザ

settings-my-data-title = あなたのデータ
settings-my-data-hint = Turnpost があなたについて保存しているすべてを 1 つのファイルにまとめます：アカウントと設定、参加したすべての対局（対局ごとの記録。誰でも検証できます）、レーティング、大会、送られたメール（日時と件名）、サインインした場所。
settings-my-data-button = 自分のデータをダウンロード
my-data-about = exported_at の時点で Turnpost があなたについて保存しているすべてです。「games」の各項目は、あなたが参加した対局の記録で、対局のページからダウンロードできるものと同じです。ファイルに保存して `turnpost verify FILE` で検証できます。メールは日時と件名の一覧です。本文は送信後には保存していません。
my-data-failed = 今はデータを集められませんでした。何も変更されていません。しばらくしてからもう一度お試しください。
limit-data-downloads = 1 日にダウンロードできる回数の上限に達しました。

privacy-title = プライバシー
privacy-intro = Turnpost は対局の進行と手番のお知らせに必要なものだけを、必要な間だけ保存します。何を、どれだけの期間、なぜ保存しているかをここに記します。
privacy-kept-title = 保存しているもの
privacy-account = アカウント：メールアドレス（サインインと手番のお知らせのため）、名前、設定。アカウントがある間保存します。
privacy-logs = 各対局の記録：すべての手、誰がいつ指したか（その時点の名前で）。記録は卓の全員が対局を検証できるようにするためのもので、ずっと保存します。
privacy-ratings = あなたのレーティングと、レーティング対象の各対局による変化（記録から計算したもの）。
privacy-emails = あなたに送ったメール：宛先、件名、日時。本文は送信した時点で削除します。届けられなかったメールは、運営者が原因を確かめられるよう { $days } 日間本文を残します。
privacy-replies = Turnpost のメールへの返信：{ $days } 日間保存し、その後削除します。
privacy-sessions = サインインしている場所：ブラウザー名と最後に使った日時。サインアウトするか { $days } 日間使わなければ削除します。サインイン用リンクは期限が切れると削除します。
privacy-copy-title = あなたの控え
privacy-copy = 設定の「自分のデータをダウンロード」で、対局の記録も含めてすべてを 1 つのファイルで受け取れます。
