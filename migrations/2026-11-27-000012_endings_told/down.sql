-- Results told in words the earlier version does not have fall back to the stored English line.
UPDATE games SET result_message = NULL
WHERE result_message->>'key' IN ('result-won-others-left', 'result-and-left',
                                  'result-called-off-by-creator', 'result-called-off-expired');
