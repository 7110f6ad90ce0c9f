#pragma once

// A table of evaluation figures in the papers' shapes, each cell knowing the
// comments behind it, written as CSV, Markdown or LaTeX.

#include <QList>
#include <QString>
#include <QStringList>

namespace rd::eval {

struct Cell
{
    QString text;
    QList<qint64> comments; // workspace comment ids behind the figure
};

struct Table
{
    QString id;    // stages, runs, aacr, categories, contexts, languages, pr-categories, annotators
    QString title;
    QStringList columns;
    QList<QList<Cell>> rows;
};

enum class TableFormat { Csv, Markdown, Latex };

QString formatTable(const Table &table, TableFormat format);
// "12.34", or "—" for a figure that is not defined (as the papers print it).
QString percentText(const std::optional<double> &value);

} // namespace rd::eval
