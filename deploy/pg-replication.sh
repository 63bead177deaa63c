#!/bin/bash
# db1's first start (docker-entrypoint-initdb.d): let the standby connect for replication.
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
