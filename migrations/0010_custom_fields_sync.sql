-- Custom field definitions now sync, from the sync record each change writes. Fields made before this version
-- have none: without one, the first sync would find them missing from the cloud and remove them here. Queued
-- once for the next push (a free user's wait until they are pro, like everything else).
INSERT INTO sync_records (type, table_name, record_id, data, timestamp, synced)
SELECT 'add', 'custom_fields', id, json_object('id', id), CAST(unixepoch('subsec') * 1000 AS INTEGER), 0 FROM custom_fields;
