// report.html: the validation report's index page, drawn from report_files/data.js (window.NSD)
// and report_files/series_index.js (window.NSD_SERIES). Colours are Okabe and Ito's
// colour-blind-safe set; a mode keeps its colour in every plot.
'use strict';
const MODE_COLOURS = {RR: '#0072B2', R: '#0072B2', stick: '#0072B2', RS: '#E69F00',
  SR: '#009E73', SS: '#D55E00', S: '#D55E00', slide: '#D55E00', failed: '#000000'};
// An expected region's colour: its modes' colours averaged and lightened (the same label has the
// same colour in every map).
function regionColour(label) {
  const modes = String(label).split('|').map(m => MODE_COLOURS[m] || '#999999');
  const rgb = [0, 1, 2].map(k => modes.reduce((s, c) =>
    s + parseInt(c.slice(1 + 2 * k, 3 + 2 * k), 16), 0) / modes.length);
  const light = modes.length > 1 ? 0.82 : 0.7;
  return 'rgb(' + rgb.map(v => Math.round(v + (255 - v) * light)).join(',') + ')';
}
const nsdFamilies = ['trough', 'incline', 'launch', 'creep', 'block', 'rattleback'];

function cellColour(rate) {  // orange (0) - grey (0.5) - purple (1): a diverging, CB-safe scale
  const lerp = (a, b, t) => a.map((v, k) => Math.round(v + (b[k] - v) * t));
  const c = rate < 0.5 ? lerp([253, 184, 99], [247, 247, 247], rate * 2)
                       : lerp([247, 247, 247], [178, 171, 210], rate * 2 - 1);
  return 'rgb(' + c.join(',') + ')';
}
function table(head, rows, cls) {
  return '<table class="' + (cls || 'grid') + '"><thead><tr>' +
    head.map(h => '<th>' + h + '</th>').join('') + '</tr></thead><tbody>' +
    rows.map(r => '<tr>' + r.join('') + '</tr>').join('') + '</tbody></table>';
}
function fmt(v) {
  if (v === null || v === undefined || v === '') return '';
  return typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toPrecision(4)) : String(v);
}
function renderSkipped() {
  if (!NSD.skipped.length) return;
  document.getElementById('skipped').innerHTML = '<p class="warn"><strong>Skipped:</strong> ' +
    NSD.skipped.map(s => nsdEscape(s.solver) + ' (' + nsdEscape(s.reason) + ')').join('; ') +
    '</p>';
}
function renderLeaderboard() {
  const present = nsdFamilies.filter(f => NSD.leaderboard.some(e => e.families[f]));
  const rows = NSD.leaderboard.map(entry => {
    let pass = 0, judged = 0;
    const cells = present.map(f => {
      const c = entry.families[f] || {pass: 0, fail: 0, not_representable: 0, refused: 0};
      const n = c.pass + c.fail;
      pass += c.pass; judged += n;
      const extra = (c.not_representable ? ' <small>n.r. ' + c.not_representable + '</small>' : '') +
                    (c.refused ? ' <small>refused ' + c.refused + '</small>' : '');
      const style = n ? ' style="background:' + cellColour(c.pass / n) + '"' : '';
      return '<td class="cell" data-solver="' + nsdEscape(entry.solver) + '" data-family="' + f +
             '"' + style + '>' + (n ? c.pass + '/' + n : '–') + extra + '</td>';
    });
    const all = judged ? ' style="background:' + cellColour(pass / judged) + '"' : '';
    return ['<th>' + nsdEscape(entry.solver) + '</th>'].concat(cells,
      ['<td class="cell"' + all + '><strong>' + pass + '/' + judged + '</strong></td>']);
  });
  document.getElementById('leaderboard-table').innerHTML =
    table(['solver setting'].concat(present, ['all']), rows, 'grid leaderboard') +
    '<p class="note">Cells: passed / judged rows; n.r.: the solver declared the case not ' +
    'representable (not judged). Colour: pass rate from orange (0 %) through grey to purple ' +
    '(100 %).</p>';
}
function renderSummary() {
  const head = ['solver setting', 'passed', 'rows', 'pass rate', 'not representable',
                'median accel. error [-]', 'max slip judged rolling [m/s]',
                'min slip judged slipping [m/s]', 'wall s per simulated s'];
  const rows = NSD.solvers.map(s => ['<th>' + nsdEscape(s.solver) + '</th>'].concat(
    [s.passed, s.rows, (100 * s.pass_rate).toFixed(1) + ' %', s.not_representable,
     s.median_acceleration_error, s.max_slip_judged_rolling, s.min_slip_judged_slipping,
     s.wall_seconds_per_simulated_second > 0 ? s.wall_seconds_per_simulated_second : null]
      .map(v => '<td>' + nsdEscape(fmt(v)) + '</td>')));
  document.getElementById('summary-table').innerHTML = table(head, rows);
}
function renderCauses() {
  const causes = Object.keys(NSD.causes).sort();
  const solvers = NSD.solvers.map(s => s.solver).filter(s =>
    causes.some(c => NSD.causes[c][s]));
  const rows = causes.map(c => ['<th class="reason">' + nsdEscape(c) + '</th>'].concat(
    solvers.map(s => '<td>' + (NSD.causes[c][s] || '') + '</td>')));
  // Solver settings as rows and causes as columns would be as wide as the causes are long: the
  // table is as tall as there are causes, with one narrow column per setting.
  document.getElementById('causes-table').innerHTML = causes.length
    ? '<div class="scroll">' + table(['cause (the reason each failing row gives)']
        .concat(solvers.map(s => '<span class="vertical">' + nsdEscape(s) + '</span>')), rows,
        'grid causes') + '</div>'
    : '<p>No row failed.</p>';
}
function renderConfusion() {
  const html = NSD.solvers.filter(s => s.confusion).map(s => {
    const expected = Object.keys(s.confusion);
    const observed = Array.from(new Set(expected.flatMap(e => Object.keys(s.confusion[e]))));
    const rows = expected.map(e => ['<th>' + nsdEscape(e) + '</th>'].concat(observed.map(o => {
      const n = s.confusion[e][o] || 0;
      return '<td class="' + (n && o !== e ? 'off' : '') + '">' + (n || '') + '</td>';
    })));
    return '<div class="confusion"><h3>' + nsdEscape(s.solver) + '</h3>' +
      table(['expected \\ observed'].concat(observed.map(nsdEscape)), rows) + '</div>';
  }).join('');
  document.getElementById('confusion-tables').innerHTML = html;
}
function gridMapFigure(m) {
  const ux = Array.from(new Set(m.x)).sort((a, b) => a - b);
  const uy = Array.from(new Set(m.y)).sort((a, b) => a - b);
  const labels = Array.from(new Set(m.expected));
  const z = uy.map(() => ux.map(() => null));
  m.x.forEach((x, k) => { z[uy.indexOf(m.y[k])][ux.indexOf(x)] = labels.indexOf(m.expected[k]); });
  const n = Math.max(labels.length, 1);
  const scale = [];
  labels.forEach((label, k) => {
    const colour = regionColour(label);
    scale.push([k / n, colour], [(k + 1) / n, colour]);
  });
  const traces = [{type: 'heatmap', x: ux, y: uy, z: z, zmin: -0.5, zmax: n - 0.5,
    colorscale: scale.length ? scale : [[0, '#eee'], [1, '#eee']], showscale: false,
    hoverinfo: 'skip', name: 'expected regions'}];
  labels.forEach((label, k) => traces.push({type: 'scatter', x: [null], y: [null],
    mode: 'markers', marker: {symbol: 'square', size: 14,
    color: regionColour(label)}, name: 'expected ' + label}));
  const observed = Array.from(new Set(m.observed));
  const markerSize = Math.max(3, Math.min(9, 420 / Math.max(ux.length, uy.length)));
  observed.forEach(mode => {
    const idx = m.observed.map((o, k) => o === mode ? k : -1).filter(k => k >= 0);
    traces.push({type: 'scatter', mode: 'markers', name: 'observed ' + mode,
      x: idx.map(k => m.x[k]), y: idx.map(k => m.y[k]),
      marker: {color: MODE_COLOURS[mode] || '#666', size: markerSize,
               symbol: idx.map(k => m.agrees[k] ? 'circle' : 'x-thin-open'),
               line: {width: 2, color: MODE_COLOURS[mode] || '#666'}},
      customdata: idx.map(k => [m.expected[k], m.agrees[k] ? 'agrees' : 'differs']),
      hovertemplate: m.x_title + ' = %{x:.4g}, ' + m.y_title + ' = %{y:.4g}<br>expected ' +
        '%{customdata[0]}, observed ' + nsdEscape(mode) + ' (%{customdata[1]})<extra></extra>'});
  });
  const bx = [], by = [];
  m.boundary.forEach(s => { bx.push(s[0], s[2], null); by.push(s[1], s[3], null); });
  traces.push({type: 'scatter', mode: 'lines', x: bx, y: by, name: 'boundary (' +
    m.definition + ')', line: {color: '#000', width: 2}, hoverinfo: 'skip'});
  const pad = (u) => u.length > 1 ? (u[1] - u[0]) / 2 : 0.5;
  return {data: traces, layout: {title: {text: nsdEscape(m.title) +
      '<br><sub>circle: observed mode allowed; x: not allowed</sub>'}, height: 560, width: 900,
    xaxis: {title: {text: m.x_title}, range: [ux[0] - pad(ux), ux[ux.length - 1] + pad(ux)],
            constrain: 'domain'},
    yaxis: {title: {text: m.y_title}, range: [uy[0] - pad(uy), uy[uy.length - 1] + pad(uy)],
            scaleanchor: m.equal_axes ? 'x' : undefined},
    legend: {orientation: 'v', x: 1.02}, margin: {t: 70}}};
}
// Maps are drawn when they come into view (a full report has dozens; drawing them all would
// hold the page for seconds); window.NSD_MAPS_DRAWN counts those drawn.
function renderMaps() {
  const holder = document.getElementById('map-plots');
  if (!NSD.maps.length) { holder.innerHTML = '<p>No maps in this report.</p>'; return; }
  window.NSD_MAPS_DRAWN = 0;
  const draw = (div) => {
    const m = NSD.maps[+div.dataset.map];
    const fig = m.kind === 'grid' ? gridMapFigure(m) : {data: [{type: 'scatter',
      mode: 'lines+markers', x: m.x, y: m.y, name: 'drift', line: {color: MODE_COLOURS.RR}}],
      layout: {title: {text: nsdEscape(m.title)}, height: 360, xaxis: {title: {text: m.x_title}},
               yaxis: {title: {text: m.y_title}, rangemode: 'tozero'}}};
    div.textContent = '';
    Plotly.newPlot(div, fig.data, fig.layout).then(() => { window.NSD_MAPS_DRAWN += 1; });
  };
  const observer = 'IntersectionObserver' in window ? new IntersectionObserver(entries => {
    entries.filter(e => e.isIntersecting).forEach(e => {
      observer.unobserve(e.target);
      draw(e.target);
    });
  }, {rootMargin: '300px'}) : null;
  NSD.maps.forEach((m, k) => {
    const div = document.createElement('div');
    div.className = 'map';
    div.id = 'map-' + k;
    div.dataset.map = k;
    div.style.minHeight = (m.kind === 'grid' ? 560 : 360) + 'px';
    div.textContent = m.title;
    holder.appendChild(div);
    if (observer) observer.observe(div); else draw(div);
  });
}
function renderRowsTable() {
  const base = NSD.columns.map(([key, title]) => ({title: nsdEscape(title),
    className: key === 'reason' ? 'reason' : key === 'status' ? 'status' : '',
    render: (v, type) => type === 'display' ? nsdEscape(fmt(v)) : v}));
  const metrics = NSD.metric_columns.map(([key, title]) => ({title: nsdEscape(title),
    visible: false, className: 'num', render: (v, type) => type === 'display' ? fmt(v) : v}));
  const familyColumn = base.length + metrics.length;
  const table = $('#rows').DataTable({
    data: NSD.rows, deferRender: true, pageLength: 25, order: [],
    lengthMenu: [[25, 100, 500, -1], [25, 100, 500, 'all']],
    columns: base.concat(metrics, [{title: 'family', visible: false}]),
    createdRow: (tr, row, index) => {
      tr.dataset.row = index;
      tr.classList.add(String(row[NSD.columns.findIndex(c => c[0] === 'status')]).replace(/\W+/g, '_'));
    }});
  const buttons = document.getElementById('family-buttons');
  ['all'].concat(nsdFamilies).forEach(f => {
    const b = document.createElement('button');
    b.type = 'button'; b.textContent = f; b.dataset.family = f;
    b.onclick = () => {
      buttons.querySelectorAll('button').forEach(x => x.classList.toggle('on', x === b));
      NSD.metric_columns.forEach(([, , families], k) => table.column(base.length + k)
        .visible(f !== 'all' && families.includes(f), false));
      table.column(familyColumn).search(f === 'all' ? '' : '^' + f + '$', true, false);
      table.columns.adjust().draw();
    };
    buttons.appendChild(b);
  });
  buttons.querySelector('button').classList.add('on');
  $('#rows tbody').on('click', 'tr', function () {
    if (this.dataset.row !== undefined) showRow(+this.dataset.row);
  });
}
async function showRow(i) {
  const link = document.getElementById('replay-link');
  link.innerHTML = '<a id="replay-anchor" href="' + nsdEscape(NSD_REPLAY_PAGE) + '#row=' + i +
    '">Replay this run in 3-D</a>';
  const run = await nsdLoadRun(i);
  const r = run.details;
  const t = Array.from(run.channel('t_s'));
  const traces = [
    {x: t, y: nsdNorm3(run, ['vx_m_s', 'vy_m_s', 'vz_m_s']), name: '|v_C| [m/s]',
     line: {color: MODE_COLOURS.RR}},
    {x: t, y: Array.from(run.channel('reference_speed_m_s')), name: 'analytic |v_C| [m/s]',
     line: {color: '#000', dash: 'dash'}},
    {x: t, y: nsdNorm3(run, ['wx_rad_s', 'wy_rad_s', 'wz_rad_s']), name: '|Ω| [rad/s]',
     xaxis: 'x2', yaxis: 'y2', line: {color: MODE_COLOURS.SR}},
    {x: t, y: Array.from(run.channel('reference_spin_rad_s')), name: 'analytic |Ω| [rad/s]',
     xaxis: 'x2', yaxis: 'y2', line: {color: '#000', dash: 'dot'}}];
  for (let c = 0; c < run.contacts; ++c) {
    traces.push({x: t, y: nsdNorm3(run, ['slip_x_m_s', 'slip_y_m_s', 'slip_z_m_s'], c),
      name: 'slip speed, contact ' + (c + 1) + ' [m/s]', xaxis: 'x3', yaxis: 'y3',
      line: {color: c ? MODE_COLOURS.SS : MODE_COLOURS.RS}});
  }
  traces.forEach(tr => { tr.type = 'scatter'; tr.mode = 'lines'; });
  const layout = {title: {text: nsdEscape(r.case + ' / ' + r.solver + ': ' + r.status)},
    height: 620, grid: {rows: 3, columns: 1, pattern: 'independent'},
    xaxis3: {title: {text: 't [s]'}}, yaxis: {title: {text: 'speed [m/s]'}},
    yaxis2: {title: {text: 'spin [rad/s]'}}, yaxis3: {title: {text: 'slip [m/s]'}},
    legend: {x: 1.02}};
  await Plotly.react('series', traces, layout);
  const keys = Object.keys(r).filter(k => r[k] !== null && r[k] !== '');
  document.getElementById('details').innerHTML = '<table class="details">' + keys.map(k =>
    '<tr><th>' + nsdEscape(k) + '</th><td>' + nsdEscape(fmt(r[k])) + '</td></tr>').join('') +
    '</table>';
}
document.addEventListener('DOMContentLoaded', () => {
  // Each stage timed (window.NSD_TIMINGS, ms): the browser test holds the page to its budget.
  const timings = window.NSD_TIMINGS = {};
  const stage = (name, draw) => {
    const start = performance.now();
    draw();
    timings[name] = performance.now() - start;
  };
  stage('skipped', renderSkipped);
  stage('leaderboard', renderLeaderboard);
  stage('text', () => {
    document.getElementById('rules-text').innerHTML = NSD.rules_html ||
      '<p>Judge: slip floor ' + NSD.judge.slip_floor_m_s + ' m/s, growth ratio ' +
      NSD.judge.growth_ratio + ', final window ' + NSD.judge.window_fraction +
      ' of the run, acceleration tolerance ' + NSD.judge.acceleration_tolerance + '.</p>';
    document.getElementById('settings-text').innerHTML = NSD.settings_html ||
      '<p>(report.md is missing: no settings listed)</p>';
  });
  stage('summary', renderSummary);
  stage('causes', renderCauses);
  stage('confusion', renderConfusion);
  stage('maps', renderMaps);
  stage('rows', renderRowsTable);
  window.NSD_READY = true;
});
