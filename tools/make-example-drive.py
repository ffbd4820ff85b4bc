#!/usr/bin/env python3
"""Writes the bundled example drive of `make demo`: an OSRM v5 route of a short trip through town streets, out on
a fast road and off it again, and an NMEA 0183 recording (RMC + GGA at 1 Hz, a little GPS noise) of a car driving
it: braking before each turn and speeding up after it, two turns close together, a stop at a red light.

Both files are synthetic and ours (no third-party data): the street grid and names are invented. Rerun with
`python3 tools/make-example-drive.py` after changing it; the output is deterministic (fixed seed).
"""
import json, math, random

R = 6371008.8
random.seed(7)

def dest(lat, lon, bearing, dist):
    d = dist / R; t = math.radians(bearing)
    la1, lo1 = math.radians(lat), math.radians(lon)
    la2 = math.asin(math.sin(la1)*math.cos(d) + math.cos(la1)*math.sin(d)*math.cos(t))
    lo2 = lo1 + math.atan2(math.sin(t)*math.sin(d)*math.cos(la1), math.cos(d) - math.sin(la1)*math.sin(la2))
    return math.degrees(la2), math.degrees(lo2)

def hav(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2-la1)/2)**2 + math.cos(la1)*math.cos(la2)*math.sin((lo2-lo1)/2)**2
    return 2*R*math.asin(math.sqrt(h))

def bearing(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    y = math.sin(lo2-lo1)*math.cos(la2)
    x = math.cos(la1)*math.sin(la2) - math.sin(la1)*math.cos(la2)*math.cos(lo2-lo1)
    return (math.degrees(math.atan2(y, x)) + 360) % 360

def encode(points, precision=5):
    f = 10**precision; out = []; prev = [0, 0]
    for lat, lon in points:
        for i, v in enumerate((int(round(lat*f)), int(round(lon*f)))):
            d = v - prev[i]; prev[i] = v
            d = ~(d << 1) if d < 0 else d << 1
            while d >= 0x20:
                out.append(chr((0x20 | (d & 0x1f)) + 63)); d >>= 5
            out.append(chr(d + 63))
    return "".join(out)

# Legs of the trip: (road name, heading, length m, cruising speed m/s). Turns happen between them.
start = (51.3380, 12.3700)
segments = [("Ringstraße", 0, 420, 12.5), ("Lindenallee", 90, 650, 13.9), ("Am Markt", 180, 120, 8.3),
            ("Mühlweg", 135, 900, 13.9), ("B 6", 100, 4200, 27.8), ("Schulstraße", 140, 700, 13.9)]
pts = [start]; step_pts = []
for name, hd, length, _ in segments:
    seg = [pts[-1]]
    n = max(2, int(length // 40))
    for k in range(1, n + 1):
        seg.append(dest(*seg[0], hd, length * k / n))
    step_pts.append(seg)
    pts.extend(seg[1:])

def modifier(b1, b2):
    a = (b2 - b1 + 540) % 360 - 180
    s = abs(a); side = "right" if a > 0 else "left"
    if s < 20: return "straight"
    if s < 60: return "slight " + side
    if s < 140: return side
    return "sharp " + side

steps = []
for i, ((name, hd, length, speed), seg) in enumerate(zip(segments, step_pts)):
    dist = sum(hav(seg[k], seg[k+1]) for k in range(len(seg)-1))
    typ = "depart" if i == 0 else "turn"
    man = {"type": typ, "location": [round(seg[0][1], 6), round(seg[0][0], 6)],
           "bearing_before": 0 if i == 0 else round(segments[i-1][1]), "bearing_after": round(hd)}
    if i > 0: man["modifier"] = modifier(segments[i-1][1], hd)
    if name == "B 6": man["type"] = "on ramp"
    if i > 0 and segments[i-1][0] == "B 6": man["type"] = "off ramp"
    steps.append({"geometry": encode(seg), "maneuver": man, "mode": "driving", "driving_side": "right",
                  "name": name, "distance": round(dist, 1), "duration": round(dist / speed, 1),
                  "weight": round(dist / speed, 1), "intersections": []})
end = pts[-1]
steps.append({"geometry": encode([end, end]), "maneuver": {"type": "arrive", "location": [round(end[1], 6), round(end[0], 6)],
              "bearing_before": 90, "bearing_after": 0}, "mode": "driving", "driving_side": "right",
              "name": segments[-1][0], "distance": 0, "duration": 0, "weight": 0, "intersections": []})
total = sum(s["distance"] for s in steps)
duration = round(sum(s["duration"] for s in steps), 1)
route = {"code": "Ok", "routes": [{"geometry": encode(pts), "distance": round(total, 1), "duration": duration,
         "weight": duration, "weight_name": "routability",
         "legs": [{"steps": steps, "summary": "Lindenallee, B 6", "distance": round(total, 1),
                   "duration": duration, "weight": duration}]}],
         "waypoints": [{"name": "Ringstraße", "location": [round(start[1], 6), round(start[0], 6)]},
                       {"name": "Schulstraße", "location": [round(end[1], 6), round(end[0], 6)]}]}
with open("examples/grid-trip.osrm.json", "w") as f:
    json.dump(route, f, indent=1, ensure_ascii=False); f.write("\n")

# Drive it: 1 Hz, 12.5 m/s on straights, slowing to 6 m/s around each turn, small noise.
def nmea(body):
    c = 0
    for ch in body: c ^= ord(ch)
    return "$%s*%02X" % (body, c)

def fmt_lat(lat): d = int(abs(lat)); return "%02d%07.4f,%s" % (d, (abs(lat)-d)*60, "N" if lat >= 0 else "S")
def fmt_lon(lon): d = int(abs(lon)); return "%03d%07.4f,%s" % (d, (abs(lon)-d)*60, "E" if lon >= 0 else "W")

cum = [0.0]
for k in range(len(pts)-1): cum.append(cum[-1] + hav(pts[k], pts[k+1]))
turn_at = [sum(hav(s[k], s[k+1]) for seg in step_pts[:i] for s in [seg] for k in range(len(s)-1)) for i in range(1, len(step_pts))]
def at(d):
    for k in range(len(pts)-1):
        if cum[k+1] >= d:
            f = (d - cum[k]) / max(cum[k+1]-cum[k], 1e-9)
            return (pts[k][0] + f*(pts[k+1][0]-pts[k][0]), pts[k][1] + f*(pts[k+1][1]-pts[k][1])), bearing(pts[k], pts[k+1])
    return pts[-1], bearing(pts[-2], pts[-1])

lines = ["# RouteCue example drive (synthetic): 1 Hz RMC+GGA along examples/grid-trip.osrm.json"]
# Speed: each road's cruising speed, braking at 1.5 m/s² to 6 m/s for each turn and speeding up at 1.2 m/s² after
# it, integrated at 0.1 s; a 20 s stop at a red light 60 m before the turn onto Am Markt.
seg_end = [sum(hav(s[k], s[k+1]) for seg in step_pts[:i+1] for s in [seg] for k in range(len(s)-1)) for i in range(len(step_pts))]
light = turn_at[1] - 60
def cruise(d):
    for i, e in enumerate(seg_end):
        if d < e: return segments[i][3]
    return segments[-1][3]
def limit(d):
    v = cruise(d)
    for x in turn_at:
        if x >= d: v = min(v, math.sqrt(6.0**2 + 2*1.5*(x - d)))
    v = min(v, math.sqrt(2*1.5*max(0.0, cum[-1] - d)) + 0.3)
    return v
t0 = 10*3600 + 15*60; d = 0.0; v = 0.0; clock = 0.0; stopped = None; t = 0
while d < cum[-1] - 0.5:
    if clock >= t:
        (lat, lon), crs = at(d)
        lat += random.gauss(0, 1.5) / 111320; lon += random.gauss(0, 1.5) / (111320*math.cos(math.radians(lat)))
        hh, mm, ss = (t0+t)//3600, (t0+t)//60 % 60, (t0+t) % 60
        tm = "%02d%02d%02d.00" % (hh, mm, ss)
        lines.append(nmea("GPRMC,%s,A,%s,%s,%.1f,%.1f,290326,,,A" % (tm, fmt_lat(lat), fmt_lon(lon), v/0.514444, crs)))
        lines.append(nmea("GPGGA,%s,%s,%s,1,09,0.9,112.0,M,47.0,M,," % (tm, fmt_lat(lat), fmt_lon(lon))))
        t += 1
    dt = 0.1
    if stopped is None and d >= light and v < 0.3:
        stopped = clock
    if stopped is not None and clock - stopped < 20:
        v = 0.0
    else:
        want = limit(d)
        if d < light and stopped is None: want = min(want, math.sqrt(2*1.5*max(0.0, light - d)))
        v = max(0.0, min(want, v + 1.2*dt)) if want >= v else max(want, v - 3.0*dt)
    d += v*dt; clock += dt
with open("examples/grid-trip-drive.nmea", "w") as f:
    f.write("\r\n".join(lines) + "\r\n")
print("route %.0f m, %d steps; drive %d fixes" % (total, len(steps), t))
