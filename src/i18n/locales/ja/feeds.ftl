# 秘密のアドレスで読むカレンダーと Atom フィード。

settings-feeds-link = 期限と手番のカレンダー・フィードのアドレス
feeds-title = カレンダーとフィード
feeds-intro = フィードのアドレスを使うと、サインインしなくても、カレンダーアプリで進行中のゲームと大会のラウンドの期限を見たり、フィードリーダーで自分の番やゲームの終わりを知ったりできます。アドレスを知っている人は誰でも読めるので、秘密にし、使わなくなったら無効にしてください。
feeds-made = 新しいアドレスです。表示はこの一度だけです。今コピーしてください。Turnpost はその指紋だけを保存します。
feeds-calendar = カレンダー（iCalendar：カレンダーアプリで購読します）
feeds-atom = 手番と結果（Atom：フィードリーダーに加えます）
feeds-create = 新しいフィードのアドレスを作る
feeds-yours = あなたのフィードのアドレス
feeds-none = フィードのアドレスはありません。
feeds-address = アドレス { $number }
feeds-revoke = アドレス { $number } を無効にする
feeds-too-many = フィードのアドレスはすでに { $count } 組あります。使わないものを先に無効にしてください。
feeds-no-such = そのフィードのアドレスはないか、すでに無効です。
feed-unknown = このアドレスにフィードはありません。無効にされたか、作られていません。
limit-feed = このフィードは少し前に読まれたばかりです。後でもう一度、またはフィードの ETag を付けて読んでください。
feed-calendar-name = Turnpost：{ $player } さんの期限
feed-atom-title = Turnpost：{ $player } さんの手番と結果
feed-due-yours = あなたの手の期限：{ $game }
feed-due-theirs = { $player } さんの手の期限：{ $game }
feed-round-ends = { $round } の終わり
feed-game-over = ゲーム終了：{ $game }：{ $result }
feed-your-turn = あなたの番：{ $game }
feed-due-at = 期限 { $time }（{ $zone }）。
feed-no-deadline = このゲームには持ち時間の制限がありません。
