/// The report's inline stylesheet: system fonts, a single column on phones, a card grid on wider
/// screens; SVGs scale to their container through their `viewBox`. Timelines keep a minimum width
/// and scroll sideways on phones so their labels stay legible.
enum _ReportStyle {
    static let css = """
    :root{--fg:#1d2330;--muted:#5b6475;--line:#d9dee8;--bg:#ffffff;--panel:#f6f8fb;--accent:#1b4a94;\
    --hit:#1a9850;--miss:#d73027}
    *{box-sizing:border-box}
    body{margin:0;font:15px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"DejaVu Sans",Arial,sans-serif;\
    color:var(--fg);background:var(--bg)}
    main{max-width:1180px;margin:0 auto;padding:16px 14px 40px}
    h1{font-size:1.5rem;margin:.2em 0 .1em}
    h2{font-size:1.2rem;margin:1.6em 0 .4em;padding-top:.6em;border-top:2px solid var(--line);overflow-wrap:anywhere}
    h3{font-size:1rem;margin:1.2em 0 .4em;color:var(--muted);font-weight:600}
    p{margin:.3em 0 .6em}
    .muted{color:var(--muted);font-weight:normal}
    .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px;margin:12px 0}
    .stat{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:8px 10px}
    .stat b{display:block;font-size:1.35rem;line-height:1.2}
    .stat span{font-size:.8rem;color:var(--muted)}
    .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,330px),1fr));gap:10px}
    .pair{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
    .pair>figure{flex:1 1 320px;max-width:560px}
    svg.curve{max-width:480px}
    svg.calibration{max-width:330px;margin:0 auto}
    figure{margin:0}
    .card{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:8px 10px}
    figcaption{font-size:.85rem;margin-bottom:4px;overflow-wrap:anywhere}
    svg{display:block;width:100%;height:auto}
    svg text{font-family:inherit;fill:var(--fg)}
    svg .axis{font-size:9px;fill:var(--muted)}
    svg .app{font-size:10px}
    .timeline text.axis,.timeline text.app{font-size:12px}
    .curve text.axis{font-size:11px}
    .calibration text.axis{font-size:9px}
    svg .grid{stroke:var(--line);stroke-width:1}
    svg .grid.minor{stroke:#eef1f6}
    svg .row{stroke:#e6e9f0;stroke-width:1}
    svg .diagonal{stroke:#888;stroke-dasharray:4 3}
    svg .window{fill:#c9dbf3}
    svg .fetch{stroke:var(--accent);stroke-width:2}
    svg .cover{fill:var(--accent);fill-opacity:.45}
    svg .band{fill:#f4a259;fill-opacity:.35}
    .cover-key{display:inline-block;width:18px;height:4px;background:var(--accent);opacity:.45}
    .band-key{display:inline-block;width:18px;height:10px;background:#f4a259;opacity:.35}
    .scale{font-size:.8rem;color:var(--muted);margin:0 0 6px}
    .warning{background:#fff4e5;border:1px solid #f0b354;border-radius:8px;padding:6px 10px;color:#6b4200}
    nav.contents ol{columns:3 14em;margin:6px 0;padding-left:1.4em;font-size:.9rem}
    .scroll-cue{display:none;font-size:.8rem;color:var(--accent);margin:2px 0;text-align:right}
    svg .launch.hit{fill:var(--hit)}
    svg .launch.miss{fill:#fff;stroke:var(--miss);stroke-width:2}
    svg .launch.warm{fill:#9aa3b2}
    .legend{display:inline-flex;align-items:center;gap:4px;font-size:.75rem;color:var(--muted);margin-top:2px}
    .legend svg.ramp{width:60px;height:8px;display:inline-block}
    .scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;border:1px solid var(--line);border-radius:8px;\
    padding:6px;background:linear-gradient(to right,var(--panel) 30%,rgba(246,248,251,0)) left/40px 100% no-repeat local,\
    linear-gradient(to left,var(--panel) 30%,rgba(246,248,251,0)) right/40px 100% no-repeat local,\
    radial-gradient(farthest-side at 0 50%,rgba(0,0,0,.22),transparent) left/14px 100% no-repeat scroll,\
    radial-gradient(farthest-side at 100% 50%,rgba(0,0,0,.22),transparent) right/14px 100% no-repeat scroll,var(--panel)}
    .scroll svg{min-width:720px}
    .keys{list-style:none;padding:0;margin:6px 0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:.85rem}
    .keys li{display:flex;align-items:center;gap:6px}
    .swatch{display:inline-block;width:18px;height:0}
    .dot{display:inline-block;width:10px;height:10px;border-radius:50%}
    .dot.hit{background:var(--hit)} .dot.miss{border:2px solid var(--miss)} .dot.warm{background:#9aa3b2;width:6px;height:6px}
    .bar{display:inline-block;width:18px;height:10px;background:#c9dbf3;border-left:2px solid var(--accent)}
    table{border-collapse:collapse;font-size:.85rem;margin:6px 0}
    .tablewrap{overflow-x:auto}
    th,td{padding:3px 8px;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
    th:first-child,td:first-child{text-align:left}
    code{font-size:.85em;overflow-wrap:anywhere}
    @media (max-width:760px){.scroll-cue{display:block}}
    @media (max-width:480px){body{font-size:14px} main{padding:10px 8px 30px} .stat b{font-size:1.15rem}\
    .cards{grid-template-columns:repeat(2,1fr)}}
    """
}
