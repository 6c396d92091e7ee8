-- The language a player reads pages and emails in (a code of `crate::i18n::Lang`), chosen from
-- the browser's Accept-Language when the account is made and changed in Settings.
ALTER TABLE players ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

-- How a finished game ended, as a message any language can show (a `Message` in JSON, the
-- players named as they were called when it ended); `result` keeps the English line.
ALTER TABLE games ADD COLUMN result_message JSONB;
