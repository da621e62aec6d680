import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Authenticated, Title, useCanAccess } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { api } from '../http.ts';
import { BarChart, type Bar } from './bar-chart.tsx';

/** The books' reports as the admin API answers them (GET /reports/:name): formatted text, money twice. */
type ReportColumn = {
  key: string;
  label: string;
  type: 'text' | 'count' | 'money' | 'ratio';
  currency?: 'row' | 'base';
};
export type ReportData = {
  name: string;
  from: string;
  to: string;
  currency: string | null;
  by: string | null;
  baseCurrency: string;
  columns: ReportColumn[];
  rows: Record<string, string>[];
};

type Dimension = 'day' | 'game' | 'provider' | 'product' | 'country';

/** Each report, the groupings it takes (the server refuses the others) and what its chart shows. */
const REPORTS: Record<string, { label: string; by: Dimension[]; defaultBy?: Dimension; measures?: string[] }> = {
  ggr: {
    label: 'GGR',
    by: ['day', 'game', 'provider', 'product', 'country'],
    defaultBy: 'day',
    measures: ['ggrBase', 'stakesBase', 'winsBase', 'bets'],
  },
  ngr: {
    label: 'NGR',
    by: ['day', 'country'],
    defaultBy: 'day',
    measures: ['ngrBase', 'ggrBase', 'promotionCostBase'],
  },
  payments: { label: 'Payments', by: [], measures: ['paidAmountBase', 'paid', 'failed', 'declined', 'expired'] },
  players: { label: 'Players', by: ['day', 'country'], measures: ['new', 'active', 'firstDeposits'] },
  rtp: { label: 'RTP', by: ['game'] },
  liability: { label: 'Liability', by: ['day'], measures: ['totalBase', 'realBase', 'bonusBase', 'lockedBase'] },
  'trial-balance': { label: 'Trial balance', by: [] },
};

/** UTC days, as the books count them. */
const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

type Query = { name: string; from: string; to: string; currency: string; by: string };

const queryString = (q: Query, format?: 'csv') =>
  new URLSearchParams({
    from: q.from,
    to: q.to,
    ...(q.currency ? { currency: q.currency } : {}),
    ...(q.by ? { by: q.by } : {}),
    ...(format ? { format } : {}),
  }).toString();

/**
 * What the chart groups by: the day for reports over days, the direction and method for payments;
 * null where a table reads better (by game, provider, country, account).
 */
function categoryOf(report: ReportData): { label: string; of: (row: Record<string, string>) => string } | null {
  if (report.name === 'payments') return { label: 'direction and method', of: (r) => `${r.direction} ${r.method}` };
  if (report.name === 'liability') return { label: 'day', of: (r) => r.day ?? '' };
  if (report.name === 'players' && report.by !== 'country') return { label: 'day', of: (r) => r.key ?? '' };
  if ((report.name === 'ggr' || report.name === 'ngr') && report.by === 'day')
    return { label: 'day', of: (r) => r.key ?? '' };
  return null;
}

/** The chart's bars: the measure summed over the rows of each category (currencies together, in the base one). */
function barsOf(report: ReportData, measure: string) {
  const category = categoryOf(report)!;
  const sums = new Map<string, number>();
  let unrated = 0;
  for (const row of report.rows) {
    const value = row[measure];
    if (value === undefined || value === '') {
      unrated++;
      continue;
    }
    const key = category.of(row);
    sums.set(key, (sums.get(key) ?? 0) + Number(value));
  }
  // Over days, every day of the span, in order (a day without activity is a zero, not a gap).
  if (category.label === 'day')
    for (let day = report.from; day <= report.to; day = nextDay(day)) sums.set(day, sums.get(day) ?? 0);
  const entries = category.label === 'day' ? [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)) : [...sums];
  const bars: Bar[] = entries.map(([label, value]) => ({ label, value: Math.round(value * 100) / 100 }));
  return { bars, unrated };
}

function ReportChart({ report }: { report: ReportData }) {
  const measures = (REPORTS[report.name]?.measures ?? []).filter((m) => report.columns.some((c) => c.key === m));
  const [measure, setMeasure] = useState(measures[0] ?? '');
  const category = categoryOf(report);
  if (!category || !measures.length || report.rows.length === 0) return null;
  const shown = measures.includes(measure) ? measure : measures[0]!;
  const column = report.columns.find((c) => c.key === shown)!;
  const { bars, unrated } = barsOf(report, shown);
  const title = `${REPORTS[report.name]!.label}: ${column.label} by ${category.label}, ${report.from} to ${report.to}`;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <TextField
        select
        size="small"
        label="Chart shows"
        value={shown}
        onChange={(e) => setMeasure(e.target.value)}
        sx={{ minWidth: 220, mb: 1 }}
      >
        {measures.map((m) => (
          <MenuItem key={m} value={m}>
            {report.columns.find((c) => c.key === m)!.label}
          </MenuItem>
        ))}
      </TextField>
      <BarChart title={title} valueLabel={column.label} categoryLabel={category.label} bars={bars} />
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {title}. The figures are in the table below.
        {unrated > 0 && ` ${unrated} row(s) without a rate to ${report.baseCurrency} are left out of the chart.`}
      </Typography>
    </Box>
  );
}

/** The rows as the server formatted them; numbers right-aligned. */
export function ReportTable({ report, caption }: { report: ReportData; caption: string }) {
  if (report.rows.length === 0) return <Typography sx={{ my: 2 }}>Nothing in this span.</Typography>;
  return (
    <TableContainer sx={{ maxHeight: 560 }}>
      <Table size="small" stickyHeader>
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</caption>
        <TableHead>
          <TableRow>
            {report.columns.map((c) => (
              <TableCell key={c.key} align={c.type === 'text' ? 'left' : 'right'} scope="col">
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((row, i) => (
            <TableRow key={i} hover>
              {report.columns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.type === 'text' ? 'left' : 'right'}
                  sx={c.type === 'text' ? undefined : { fontVariantNumeric: 'tabular-nums' }}
                >
                  {row[c.key]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The shown report's file (the session's cookie goes with the link); disabled until a report is shown. */
const CsvButton = ({ href }: { href: string | null }) =>
  href ? (
    <Button variant="outlined" href={href} download>
      Download CSV
    </Button>
  ) : (
    <Button variant="outlined" disabled>
      Download CSV
    </Button>
  );

/** A report asked for: its path under /api/admin, and the how-many-th ask (the same query runs again). */
type Ask = { path: string; n: number };

/**
 * The answer to the latest ask: the report, or the server's refusal as it words it. Until it comes the
 * previous one stays shown (with its own path, for its CSV).
 */
function useReport(ask: Ask | null) {
  const [answer, setAnswer] = useState<{ ask: Ask; report: ReportData | null; error: string | null } | null>(null);
  useEffect(() => {
    if (!ask) return;
    let current = true;
    api<ReportData>(ask.path).then(
      ({ data }) => current && setAnswer({ ask, report: data, error: null }),
      (e: Error) => current && setAnswer({ ask, report: null, error: e.message }),
    );
    return () => {
      current = false;
    };
  }, [ask]);
  return {
    report: answer?.report ?? null,
    error: answer?.error ?? null,
    loading: ask !== null && answer?.ask !== ask,
    csv: answer?.report ? `/api/admin${answer.ask.path}&format=csv` : null,
  };
}

/** One row of fields (react-admin's theme makes every field full width). */
const FORM_SX = {
  display: 'flex',
  gap: 2,
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  '& .MuiFormControl-root': { width: 'auto', minWidth: 160 },
} as const;

/** What to run: the report, its UTC days, one currency or all, its grouping (only those it takes). */
function ReportForm(props: { query: Query; onChange: (q: Query) => void; onSubmit: () => void; children: ReactNode }) {
  const { query, onChange } = props;
  const spec = REPORTS[query.name]!;
  const set = (patch: Partial<Query>) => onChange({ ...query, ...patch });
  const pick = (name: string) => {
    const next = REPORTS[name]!;
    set({ name, by: next.by.includes(query.by as Dimension) ? query.by : (next.defaultBy ?? '') });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Box component="form" onSubmit={submit} sx={FORM_SX}>
      <TextField select label="Report" value={query.name} onChange={(e) => pick(e.target.value)} sx={{ minWidth: 160 }}>
        {Object.entries(REPORTS).map(([name, r]) => (
          <MenuItem key={name} value={name}>
            {r.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        label="From (UTC)"
        required
        value={query.from}
        onChange={(e) => set({ from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: query.to } }}
      />
      <TextField
        type="date"
        label="To (UTC)"
        required
        value={query.to}
        onChange={(e) => set({ to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: query.from } }}
      />
      <TextField
        label="Currency"
        value={query.currency}
        onChange={(e) => set({ currency: e.target.value.toUpperCase() })}
        helperText="Empty: every currency"
        slotProps={{ htmlInput: { pattern: '[A-Z0-9]{2,10}', maxLength: 10 } }}
        sx={{ width: 160 }}
      />
      <TextField
        select
        label="Group by"
        value={query.by}
        onChange={(e) => set({ by: e.target.value })}
        disabled={spec.by.length === 0}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">{spec.by.length ? 'Nothing' : 'Not grouped'}</MenuItem>
        {spec.by.map((by) => (
          <MenuItem key={by} value={by}>
            {by}
          </MenuItem>
        ))}
      </TextField>
      {props.children}
    </Box>
  );
}

/** GGR by day over the last 7 days, today included. */
const defaultQuery = (): Query => ({ name: 'ggr', from: utcDay(-6), to: utcDay(0), currency: '', by: 'day' });
const reportPath = (q: Query) => `/reports/${q.name}?${queryString(q)}`;

function ReportsSection() {
  const [query, setQuery] = useState<Query>(defaultQuery);
  const [ask, setAsk] = useState<Ask>(() => ({ path: reportPath(defaultQuery()), n: 0 }));
  const { report, error, loading, csv } = useReport(ask);
  return (
    <Card component="section" aria-labelledby="reports-heading">
      <CardContent>
        <Typography id="reports-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
          Reports
        </Typography>
        <ReportForm
          query={query}
          onChange={setQuery}
          onSubmit={() => setAsk({ path: reportPath(query), n: ask.n + 1 })}
        >
          <Button type="submit" variant="contained" disabled={loading}>
            Run report
          </Button>
          <CsvButton href={csv} />
        </ReportForm>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {report && (
          <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
            <ReportChart key={`${report.name}-${report.by}`} report={report} />
            <ReportTable report={report} caption={captionOf(report)} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

const captionOf = (r: ReportData) =>
  [
    `${REPORTS[r.name]?.label ?? r.name}, ${r.from} to ${r.to}`,
    ...(r.currency ? [r.currency] : []),
    ...(r.by ? [`by ${r.by}`] : []),
  ].join(', ') + `. Money in the row's currency, then in ${r.baseCurrency}.`;

function ReconcileSection() {
  const [kind, setKind] = useState<'psp' | 'games'>('psp');
  const [date, setDate] = useState(utcDay(-1));
  const [ask, setAsk] = useState<Ask | null>(null);
  const { report, error, loading, csv } = useReport(ask);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsk({ path: `/reports/reconcile/${kind}?${new URLSearchParams({ date })}`, n: (ask?.n ?? 0) + 1 });
  };
  return (
    <Card component="section" aria-labelledby="reconcile-heading">
      <CardContent>
        <Typography id="reconcile-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          Reconciliation
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Each partner&apos;s signed statement of a UTC day against our ledger: lines missing on either side, amounts or
          currencies that differ, and the totals.
        </Typography>
        <Box component="form" onSubmit={submit} sx={FORM_SX}>
          <TextField
            select
            label="Partners"
            value={kind}
            onChange={(e) => setKind(e.target.value as 'psp' | 'games')}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="psp">Payment providers</MenuItem>
            <MenuItem value="games">Game providers</MenuItem>
          </TextField>
          <TextField
            type="date"
            label="Day (UTC)"
            required
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="contained" disabled={loading}>
            Reconcile
          </Button>
          <CsvButton href={csv} />
        </Box>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {report && (
          <Box sx={{ mt: 2 }}>
            <ReportTable report={report} caption={`${report.name}, ${report.from}.`} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The books' reports (Report read): a report with its chart and table, its CSV, and the reconciliation. */
export function ReportsPage() {
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: 'reports' });
  return (
    <Authenticated>
      <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
        <Title title="Reports" />
        {isPending ? null : canAccess ? (
          <>
            <ReportsSection />
            <ReconcileSection />
          </>
        ) : (
          <Alert severity="info">Your role does not read reports.</Alert>
        )}
      </Box>
    </Authenticated>
  );
}
