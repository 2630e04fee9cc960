-- delete_table: a table removed if it is still at ``version``. Returns 1, or 0 (nothing removed).
-- keys: table
-- args: version
if redis.call('HGET', table, 'version') ~= version then return 0 end
return redis.call('DEL', table)
