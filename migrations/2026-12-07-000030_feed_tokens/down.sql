DROP TABLE feed_tokens;
