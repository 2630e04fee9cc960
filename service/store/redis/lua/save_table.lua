-- save_table: a table (a game waiting for its players) written at ``version`` and kept ``keep_ms``:
-- version 1 only where there is none, a later one only over ``version - 1``. Returns 1, or 0 when
-- the table is not at the version the writer read (nothing written).
-- keys: table
-- args: version text keep_ms
local at = tonumber(redis.call('HGET', table, 'version') or '0')
if at ~= tonumber(version) - 1 then return 0 end
redis.call('HSET', table, 'version', version, 'table', text)
redis.call('PEXPIRE', table, keep_ms)
return 1
