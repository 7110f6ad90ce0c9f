// The AACR-Bench hunk reviewer's reply (tags or a JSON comment list), placed
// in a hunk of the demo merge request (src/reporting.cpp, lines 9-15 of the
// new side). Every comment's lines must lie inside the hunk. The same text
// as the whole-PR agent's reply (placed in the pull request's one hunk) and
// as a validation sub-agent's verdict: a verdict, or an error, never both.
#include "FuzzInput.h"

#include <AacrOutput.h>

namespace {

const rd::AacrHunkPlace &place()
{
    static const rd::AacrHunkPlace made = [] {
        rd::AacrHunkPlace p;
        p.path = "src/reporting.cpp";
        const QList<std::pair<rd::LineKind, QByteArray>> lines = {
            {rd::LineKind::Context, "{"},
            {rd::LineKind::Context, "    std::ostringstream out;"},
            {rd::LineKind::Deleted, "    for (const Item &item : stock.lowStock())"},
            {rd::LineKind::Deleted, "        out << item.sku << \"  \" << item.name << \"  \" << item.quantity << '/' << item.reorderLevel << '\\n';"},
            {rd::LineKind::Added, "    const std::vector<Item> low = stock.lowStock();"},
            {rd::LineKind::Added, "    for (std::size_t i = 0; i <= low.size(); ++i)"},
            {rd::LineKind::Added, "        out << low[i].sku << \"  \" << low[i].name << \"  \" << low[i].quantity << '/' << low[i].reorderLevel << '\\n';"},
            {rd::LineKind::Context, "    return out.str();"},
            {rd::LineKind::Context, "}"}};
        p.hunk.oldStart = p.hunk.newStart = 9;
        int o = 9, n = 9;
        for (const auto &[kind, text] : lines) {
            rd::DiffLine l;
            l.kind = kind;
            l.text = text;
            l.oldLine = kind == rd::LineKind::Added ? 0 : o++;
            l.newLine = kind == rd::LineKind::Deleted ? 0 : n++;
            p.hunk.lines.append(l);
        }
        p.hunk.oldLines = o - 9;
        p.hunk.newLines = n - 9;
        p.oldLineCount = 16;
        p.newLineCount = 17;
        return p;
    }();
    return made;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const rd::AacrParsed parsed = rd::parseAacrReview(QString::fromUtf8(rd::fuzz::bytes(data, size)), place());
    if (!parsed.error.isEmpty() && !parsed.comments.isEmpty())
        __builtin_trap(); // an error means nothing was read
    for (const rd::ReviewComment &c : parsed.comments) {
        const bool right = c.side == QLatin1String("new");
        const int first = 9, last = right ? 15 : 14;
        if (!c.lineValid && (c.lineStart != 0 || c.lineEnd != 0))
            __builtin_trap(); // an unlocated comment has no lines that could match a reference
        if (c.lineValid && (c.lineStart < first || c.lineEnd < c.lineStart || c.lineEnd > last))
            __builtin_trap(); // a placed comment lies inside the hunk
    }
    const rd::AacrParsed pr = rd::parseAacrPrReview(QString::fromUtf8(rd::fuzz::bytes(data, size)), {place()});
    if (!pr.error.isEmpty() && !pr.comments.isEmpty())
        __builtin_trap();
    for (const rd::ReviewComment &c : pr.comments) {
        const int first = 9, last = c.side == QLatin1String("new") ? 15 : 14;
        if (!c.lineValid && (c.lineStart != 0 || c.lineEnd != 0))
            __builtin_trap();
        if (c.lineValid && (c.file != QLatin1String("src/reporting.cpp") || c.lineStart < first || c.lineEnd < c.lineStart || c.lineEnd > last))
            __builtin_trap(); // placed only in a hunk of the file it names
    }
    const rd::AacrVerdict verdict = rd::parseAacrVerdict(QString::fromUtf8(rd::fuzz::bytes(data, size)));
    if (verdict.answered == !verdict.error.isEmpty() || (!verdict.answered && verdict.confirmed))
        __builtin_trap();
    return 0;
}
