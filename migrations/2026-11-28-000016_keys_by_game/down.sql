DROP INDEX reply_tokens_by_token;
ALTER TABLE reply_tokens DROP CONSTRAINT reply_tokens_pkey;
ALTER TABLE reply_tokens ADD PRIMARY KEY (token_hash);

DROP INDEX invitations_by_token;
ALTER TABLE invitations DROP CONSTRAINT invitations_pkey;
ALTER TABLE invitations ADD PRIMARY KEY (token_hash);
CREATE INDEX invitations_by_game ON invitations (game_id);
