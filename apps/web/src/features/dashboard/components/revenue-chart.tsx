import { formatKz } from "@app/shared/money";
import type { DashboardFigures } from "../api/dashboard";
import { chartScale } from "../logic/chart-scale";
import { axisLabels, monthLabel } from "../logic/month-label";
import classes from "./revenue-chart.module.css";

/** Short y-axis ticks ("150 mil", "1,5 mi"); the table and each bar's tooltip show the full amount in kz. */
const compact = new Intl.NumberFormat("pt-AO", { notation: "compact", maximumFractionDigits: 1 });

/**
 * Revenue per month, last 12 months: bars drawn with CSS, read by screen readers as a table. Recharts
 * (through @mantine/charts) was 99 KB gzip of /admin for these twelve bars (decision 060).
 */
export function RevenueChart({ months }: { months: DashboardFigures["revenueByMonth"] }) {
  const top = chartScale(Math.max(0, ...months.map((m) => m.total)));
  const labels = axisLabels(months.map((m) => m.month));
  return (
    <>
      <div className={classes.plot} aria-hidden="true">
        <div className={classes.axis}>
          <span>{compact.format(top)}</span>
          <span>{compact.format(top / 2)}</span>
          <span>0</span>
        </div>
        <div className={classes.bars}>
          {months.map((m, i) => {
            const { name, year } = labels[i] ?? { name: m.month, year: null };
            return (
              <div key={m.month} className={classes.column} title={`${monthLabel(m.month)}: ${formatKz(m.total)}`}>
                <div className={classes.track}>
                  <div className={classes.bar} style={{ height: `${(m.total / top) * 100}%` }} />
                </div>
                <div className={classes.label}>
                  {name}
                  <br />
                  {year && (
                    <>
                      <span className={classes.yearFull}>{year}</span>
                      <span className={classes.yearShort}>’{year.slice(2)}</span>
                    </>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      <table className="visually-hidden">
        <thead>
          <tr>
            <th scope="col">Mês</th>
            <th scope="col">Receita</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthLabel(m.month)}</th>
              <td>{formatKz(m.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
