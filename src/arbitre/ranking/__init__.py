"""Federation Duplicate ranking (seed 002): ranking points, PP4, %Sn, series and tiers."""
