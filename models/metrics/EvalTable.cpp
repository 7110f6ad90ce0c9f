#include "EvalTable.h"

#include <optional>

namespace rd::eval {

namespace {

QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    QString t = text;
    return QLatin1Char('"') + t.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
}

QString markdownField(QString text)
{
    return text.replace(QLatin1Char('|'), QStringLiteral("\\|")).replace(QLatin1Char('\n'), QLatin1Char(' '));
}

QString latexField(const QString &text)
{
    QString out;
    for (QChar c : text) {
        switch (c.unicode()) {
        case '\\': out += QStringLiteral("\\textbackslash{}"); break;
        case '&': case '%': case '$': case '#': case '_': case '{': case '}': out += QLatin1Char('\\') + c; break;
        case '~': out += QStringLiteral("\\textasciitilde{}"); break;
        case '^': out += QStringLiteral("\\textasciicircum{}"); break;
        case 0x2014: out += QStringLiteral("---"); break;
        default: out += c;
        }
    }
    return out;
}

QStringList texts(const QList<Cell> &row)
{
    QStringList out;
    for (const Cell &c : row)
        out << c.text;
    return out;
}

} // namespace

QString formatTable(const Table &table, TableFormat format)
{
    QString out;
    switch (format) {
    case TableFormat::Csv: {
        QStringList header;
        for (const QString &c : table.columns)
            header << csvField(c);
        out += header.join(QLatin1Char(',')) + QLatin1Char('\n');
        for (const auto &row : table.rows) {
            QStringList fields;
            for (const QString &t : texts(row))
                fields << csvField(t);
            out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
        }
        break;
    }
    case TableFormat::Markdown: {
        QStringList header, rule;
        for (const QString &c : table.columns) {
            header << markdownField(c);
            rule << QStringLiteral("---");
        }
        out += QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
        out += QStringLiteral("| ") + rule.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
        for (const auto &row : table.rows) {
            QStringList fields;
            for (const QString &t : texts(row))
                fields << markdownField(t);
            out += QStringLiteral("| ") + fields.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
        }
        break;
    }
    case TableFormat::Latex: {
        QStringList header;
        for (const QString &c : table.columns)
            header << latexField(c);
        out += QStringLiteral("\\begin{tabular}{l") + QString(table.columns.size() - 1, QLatin1Char('r')) + QStringLiteral("}\n\\hline\n");
        out += header.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\\n\\hline\n");
        for (const auto &row : table.rows) {
            QStringList fields;
            for (const QString &t : texts(row))
                fields << latexField(t);
            out += fields.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\\n");
        }
        out += QStringLiteral("\\hline\n\\end{tabular}\n");
        break;
    }
    }
    return out;
}

QString percentText(const std::optional<double> &value)
{
    return value ? QString::number(*value, 'f', 2) : QString(QChar(0x2014));
}

} // namespace rd::eval
