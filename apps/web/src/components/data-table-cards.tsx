import { Paper, Skeleton, Text } from "@mantine/core";
import type { Column } from "./data-table";
import classes from "./data-table.module.css";
import { ROW_KEY, ROW_LIST } from "./focus-return";

const SKELETON_CARDS = ["c1", "c2", "c3", "c4", "c5"];

/**
 * The phone layout of DataTable: one card per row, the first column as its title with the 'Ações'
 * column beside it, every other column (a role selector too) as a label and its value, so nothing
 * needs sideways scrolling.
 */
export function DataTableCards<T>({
  rows,
  columns,
  rowKey,
  loading,
  caption,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  loading?: boolean;
  caption: string;
}) {
  const [title, ...rest] = columns;
  const actions = rest.find((c) => c.key === "actions");
  const fields = rest.filter((c) => c !== actions);

  if (loading) {
    return (
      <ul className={classes.cards} aria-label={caption} aria-busy>
        {SKELETON_CARDS.map((k) => (
          <Paper component="li" key={k} withBorder p="sm" data-testid="skeleton-row">
            <Skeleton height={16} width="60%" mb="sm" />
            <Skeleton height={12} mb={6} />
            <Skeleton height={12} width="80%" />
          </Paper>
        ))}
      </ul>
    );
  }
  if (rows.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="md">
        Nenhum registro encontrado
      </Text>
    );
  }
  return (
    <ul className={classes.cards} aria-label={caption} {...{ [ROW_LIST]: caption }}>
      {rows.map((row) => (
        <Paper
          component="li"
          key={rowKey(row)}
          withBorder
          p="sm"
          data-testid="table-card"
          {...{ [ROW_KEY]: rowKey(row) }}
        >
          <div className={classes.cardHeader}>
            <div className={classes.cardTitle}>{title?.render(row)}</div>
            {actions && !actions.cardFooter && <div className={classes.cardActions}>{actions.render(row)}</div>}
          </div>
          {fields.length > 0 && (
            <dl className={classes.fields}>
              {fields.map((c) => (
                <div key={c.key}>
                  <dt>{c.title}</dt>
                  <dd>{c.render(row)}</dd>
                </div>
              ))}
            </dl>
          )}
          {actions?.cardFooter && <div className={classes.cardFooter}>{actions.render(row)}</div>}
        </Paper>
      ))}
    </ul>
  );
}
