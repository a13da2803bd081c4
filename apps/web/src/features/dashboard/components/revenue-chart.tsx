import "@mantine/charts/styles.css";
import { formatKz } from "@app/shared/money";
import { BarChart } from "@mantine/charts";
import type { DashboardFigures } from "../api/dashboard";
import { monthLabel } from "../logic/month-label";

/** Short y-axis ticks ("150 mil", "1,5 mi"); the tooltip shows the full amount in kz. */
const compact = new Intl.NumberFormat("pt-AO", { notation: "compact", maximumFractionDigits: 1 });

/** Revenue per month, last 12 months. Its own chunk (recharts): the cards above never wait for it. */
export default function RevenueChart({ months }: { months: DashboardFigures["revenueByMonth"] }) {
  return (
    <BarChart
      h={260}
      data={months.map((m) => ({ month: monthLabel(m.month), total: m.total }))}
      dataKey="month"
      series={[{ name: "total", label: "Receita", color: "blue.8" }]}
      valueFormatter={formatKz}
      yAxisProps={{ width: 56, tickFormatter: (v: number) => compact.format(v) }}
      tickLine="y"
      maxBarWidth={40}
    />
  );
}
