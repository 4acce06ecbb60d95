/**
 * A chart's figures as a table: what screen readers read instead of the drawing (visually hidden
 * with `sr-only`), every category a row.
 */
export type ChartTableProps = {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
};

export const ChartTable = ({ caption, columns, rows }: ChartTableProps) => (
  <table className="sr-only">
    <caption>{caption}</caption>
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
    <tbody>
      {rows.map(([head, ...cells], i) => (
        <tr key={i}>
          <th scope="row">{head}</th>
          {cells.map((cell, j) => (
            <td key={j}>{cell}</td>
          ))}
        </tr>
      ))}
    </tbody>
  </table>
);
