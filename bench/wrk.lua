-- wrk's script for npm run bench (bench/load.ts): cycles through the request paths in the file named by
-- WRK_PATHS (one a line), sends the headers in WRK_HEADERS ("Name: value" lines), and ends with one JSON
-- line of results. Latencies are microseconds; the errors are wrk's own counts ("status" is any response
-- above 399: no request sends If-None-Match and no route redirects, so a 3xx is not expected).
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do
  if line ~= "" then paths[#paths + 1] = line end
end
for name, value in string.gmatch(os.getenv("WRK_HEADERS") or "", "([^:\n]+):%s*([^\n]*)") do
  wrk.headers[name] = value
end
local next_path = 0

function request()
  next_path = next_path % #paths + 1
  return wrk.format(nil, paths[next_path])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"p50_us":%.0f,"p99_us":%.0f,"max_us":%.0f,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
