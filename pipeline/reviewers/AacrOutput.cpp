#include "AacrOutput.h"

#include "ModelOutput.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <optional>

namespace rd {
namespace {

// The text of <tag>...</tag> in `block`; a missing closing tag runs to the
// next opening tag or the end.
QString tagText(const QString &block, const QString &tag, bool *found = nullptr)
{
    const QRegularExpression open(QStringLiteral("<\\s*%1\\s*>").arg(tag), QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = open.match(block);
    if (found)
        *found = m.hasMatch();
    if (!m.hasMatch())
        return {};
    const qsizetype from = m.capturedEnd();
    const QRegularExpression close(QStringLiteral("<\\s*/\\s*%1\\s*>").arg(tag), QRegularExpression::CaseInsensitiveOption);
    qsizetype to = close.match(block, from).capturedStart();
    if (to < 0) {
        static const QRegularExpression nextTag(QStringLiteral("<\\s*(diff|side|note|path|from|to|notesplit|end|verdict|reason)\\b"), QRegularExpression::CaseInsensitiveOption);
        to = nextTag.match(block, from).capturedStart();
        if (to < 0)
            to = block.size();
    }
    return block.mid(from, to - from);
}

// A line as compared: the diff mark dropped, runs of whitespace as one
// space, none at the ends (models re-indent what they quote).
QString normalised(QString line)
{
    if (!line.isEmpty() && (line[0] == QLatin1Char('+') || line[0] == QLatin1Char('-') || line[0] == QLatin1Char(' ')))
        line.remove(0, 1);
    return line.simplified();
}

struct SideLine
{
    int number;
    QString text; // normalised
};

// The hunk's lines as one side shows them.
QList<SideLine> sideLines(const Hunk &hunk, bool right)
{
    QList<SideLine> out;
    for (const DiffLine &l : hunk.lines) {
        if (right && l.kind != LineKind::Deleted)
            out.append({l.newLine, QString::fromUtf8(l.text).simplified()});
        else if (!right && l.kind != LineKind::Added)
            out.append({l.oldLine, QString::fromUtf8(l.text).simplified()});
    }
    return out;
}

// The snippet's lines that say something: no blanks, code fences or hunk headers.
QStringList snippetLines(const QString &snippet)
{
    QStringList wanted;
    for (const QString &l : snippet.split(QLatin1Char('\n'))) {
        const QString s = normalised(l);
        if (!s.isEmpty() && !s.startsWith(QLatin1String("```")) && !s.startsWith(QLatin1String("@@")))
            wanted << s;
    }
    return wanted;
}

// Where the snippet sits in the hunk: a run of the hunk's lines equal to all
// of the snippet's, in order (blank hunk lines may be left out of a snippet).
// Of several such runs, the one nearest to `pointed` (the line the model
// named; 0: none, then the first). No run: nowhere, even if some lines match
// (a lone "}" must not stand for the span of every "}").
std::optional<std::pair<int, int>> locate(const QStringList &wanted, const QList<SideLine> &lines, int pointed)
{
    std::optional<std::pair<int, int>> best;
    int bestDistance = 0;
    for (qsizetype start = 0; start < lines.size() && !wanted.isEmpty(); ++start) {
        if (lines[start].text.isEmpty())
            continue;
        qsizetype i = start;
        qsizetype w = 0;
        while (i < lines.size() && w < wanted.size()) {
            if (lines[i].text.isEmpty()) {
                ++i;
                continue;
            }
            if (lines[i].text != wanted[w])
                break;
            ++i;
            ++w;
        }
        if (w != wanted.size())
            continue;
        const int from = lines[start].number;
        const int to = lines[i - 1].number;
        if (pointed <= 0)
            return std::pair{from, to};
        const int distance = pointed < from ? from - pointed : pointed > to ? pointed - to : 0;
        if (!best || distance < bestDistance) {
            best = std::pair{from, to};
            bestDistance = distance;
        }
    }
    return best;
}

int hunkFirst(const Hunk &h, bool right)
{
    return right ? std::max(1, h.newStart) : std::max(1, h.oldStart);
}

int hunkLast(const Hunk &h, bool right)
{
    const int start = hunkFirst(h, right);
    const int count = right ? h.newLines : h.oldLines;
    return std::max(start, start + count - 1);
}

} // namespace

namespace {

// One comment as the model wrote it, before it is placed.
struct RawComment
{
    QString path, side, snippet, note;
    int from = 0, to = 0;
};

// The comments of a reply (tags, or a JSON list); empty with noIssues or
// an error when there are none.
QList<RawComment> readComments(const QString &reply, AacrParsed &out)
{
    static const QRegularExpression anyTag(QStringLiteral("<\\s*(note|diff)\\s*>"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression split(QStringLiteral("<\\s*notesplit\\s*/?\\s*>|<\\s*end\\s*/?\\s*>"), QRegularExpression::CaseInsensitiveOption);
    QList<RawComment> raws;
    if (anyTag.match(reply).hasMatch()) {
        for (const QString &block : reply.split(split)) {
            bool hasNote = false;
            RawComment r;
            r.note = tagText(block, QStringLiteral("note"), &hasNote).trimmed();
            if (!hasNote || r.note.isEmpty())
                continue; // prose, or the blank after <end />
            r.snippet = tagText(block, QStringLiteral("diff"));
            r.side = tagText(block, QStringLiteral("side")).trimmed().toLower();
            r.path = tagText(block, QStringLiteral("path")).trimmed();
            r.from = tagText(block, QStringLiteral("from")).trimmed().toInt();
            r.to = tagText(block, QStringLiteral("to")).trimmed().toInt();
            raws.append(r);
        }
    } else {
        // Some models answer in JSON anyway.
        const ParsedComments json = parseComments(reply);
        if (json.error.isEmpty()) {
            for (const ReviewComment &c : json.comments) {
                RawComment r;
                r.note = c.issue.isEmpty() ? c.fix : c.issue;
                r.side = c.side == QLatin1String("old") ? QStringLiteral("left") : QStringLiteral("right");
                r.path = c.file;
                r.from = c.lineStart;
                r.to = c.lineEnd;
                // Lines when given: a JSON "example" is as often the fix as the code it is about.
                if (r.from <= 0)
                    r.snippet = c.example;
                if (!r.note.isEmpty())
                    raws.append(r);
            }
        }
    }
    if (raws.isEmpty()) {
        static const QRegularExpression empty(QStringLiteral("^\\W*(no (issues|problems|comments)|lgtm|looks good)|<\\s*end\\s*/?\\s*>\\W*$"),
                                              QRegularExpression::CaseInsensitiveOption);
        const QString t = reply.trimmed();
        if (t.isEmpty() || empty.match(t).hasMatch() || t == QLatin1String("[]") || t == QLatin1String("{\"comments\":[]}"))
            out.noIssues = true;
        else
            out.error = QCoreApplication::translate("rd::pipeline", "no review comment (<note>...</note>) and no \"no issues\" in the model's reply");
    }
    return raws;
}

// The comment at its lines of the hunk; unplaced (lineValid false, no
// lines) with the reason in its history when it cannot be.
ReviewComment placeComment(const RawComment &r, const AacrHunkPlace &place)
{
    ReviewComment c;
    const bool right = !(r.side == QLatin1String("left") || r.side == QLatin1String("old"));
    c.side = right ? QStringLiteral("new") : QStringLiteral("old");
    c.file = QString::fromUtf8(place.path);
    c.issue = r.note;
    c.example = r.snippet.trimmed();
    const int fileLines = right ? place.newLineCount : place.oldLineCount;
    const int first = hunkFirst(place.hunk, right);
    const int last = hunkLast(place.hunk, right);
    const QStringList wanted = snippetLines(r.snippet);
    std::optional<std::pair<int, int>> lines;
    QString problem;
    if (!r.path.isEmpty() && r.path != c.file) {
        problem = QCoreApplication::translate("rd::pipeline", "the model named %1, not the hunk's file").arg(r.path);
    } else if (!wanted.isEmpty()) {
        lines = locate(wanted, sideLines(place.hunk, right), r.from);
        if (!lines)
            problem = QCoreApplication::translate("rd::pipeline", "the snippet is not in the hunk");
    } else if (r.from > 0) {
        const int from = r.from;
        const int to = std::max(r.from, r.to);
        const bool sideHasLines = (right ? place.hunk.newLines : place.hunk.oldLines) > 0; // not so for an added or deleted file's other side
        if (!sideHasLines || from < first || to > last || (fileLines > 0 && to > fileLines))
            problem = QCoreApplication::translate("rd::pipeline", "lines %1-%2 lie outside the hunk (%3-%4)").arg(from).arg(to).arg(first).arg(last);
        else
            lines = std::pair{from, to};
    } else {
        problem = QCoreApplication::translate("rd::pipeline", "no snippet or lines given");
    }
    // Unlocated: no range at all, so nothing can line-match it or show it
    // at a place the model did not name (the hunk's range used to stand in).
    c.lineValid = lines.has_value();
    c.lineStart = lines ? lines->first : 0;
    c.lineEnd = lines ? lines->second : 0;
    c.history.append({QStringLiteral("aacr_reviewer"), 0, 0, 0, problem});
    return c;
}

} // namespace

AacrParsed parseAacrReview(const QString &reply, const AacrHunkPlace &place)
{
    AacrParsed out;
    for (const RawComment &r : readComments(reply, out))
        out.comments.append(placeComment(r, place));
    return out;
}

AacrParsed parseAacrPrReview(const QString &reply, const QList<AacrHunkPlace> &places)
{
    AacrParsed out;
    for (const RawComment &r : readComments(reply, out)) {
        std::optional<ReviewComment> placed;
        for (const AacrHunkPlace &place : places) {
            if (QString::fromUtf8(place.path) != r.path)
                continue;
            ReviewComment c = placeComment(r, place);
            if (!placed || (c.lineValid && !placed->lineValid))
                placed = c; // the first hunk of the file that holds it, else the file's first
            if (c.lineValid)
                break;
        }
        if (!placed) {
            // Not a changed file (or no file named): the note is kept, at no lines.
            ReviewComment c;
            const bool right = !(r.side == QLatin1String("left") || r.side == QLatin1String("old"));
            c.side = right ? QStringLiteral("new") : QStringLiteral("old");
            c.file = r.path;
            c.issue = r.note;
            c.example = r.snippet.trimmed();
            c.lineValid = false;
            c.history.append({QStringLiteral("aacr_reviewer"), 0, 0, 0,
                              r.path.isEmpty() ? QCoreApplication::translate("rd::pipeline", "no file named")
                                               : QCoreApplication::translate("rd::pipeline", "%1 is not a file the pull request changes").arg(r.path)});
            placed = c;
        } else if (!placed->lineValid && snippetLines(r.snippet).isEmpty() && r.from > 0) {
            // Lines named in none of the file's hunks: said of the file, not of its first hunk.
            placed->history.last().note = QCoreApplication::translate("rd::pipeline", "lines %1-%2 lie outside the changed hunks of %3")
                                              .arg(r.from)
                                              .arg(std::max(r.from, r.to))
                                              .arg(r.path);
        }
        out.comments.append(*placed);
    }
    return out;
}

AacrVerdict parseAacrVerdict(const QString &reply)
{
    AacrVerdict out;
    bool tagged = false;
    QString word = tagText(reply, QStringLiteral("verdict"), &tagged).trimmed().toLower();
    QString reason = tagText(reply, QStringLiteral("reason")).trimmed();
    if (!tagged) {
        // Some models answer in JSON anyway: {"verdict":"confirm","reason":"..."}.
        static const QRegularExpression json(QStringLiteral("\"verdict\"\\s*:\\s*\"([a-z]+)\""), QRegularExpression::CaseInsensitiveOption);
        static const QRegularExpression jsonReason(QStringLiteral("\"reason\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\""));
        const QRegularExpressionMatch m = json.match(reply);
        if (m.hasMatch()) {
            word = m.captured(1).toLower();
            reason = jsonReason.match(reply).captured(1);
        }
    }
    word.remove(QRegularExpression(QStringLiteral("[^a-z]")));
    static const QStringList confirms{QStringLiteral("confirm"), QStringLiteral("confirmed"), QStringLiteral("valid"), QStringLiteral("true")};
    static const QStringList drops{QStringLiteral("drop"), QStringLiteral("dropped"), QStringLiteral("reject"), QStringLiteral("rejected"),
                                   QStringLiteral("invalid"), QStringLiteral("false")};
    if (confirms.contains(word))
        out.confirmed = true;
    else if (!drops.contains(word)) {
        out.error = word.isEmpty() ? QCoreApplication::translate("rd::pipeline", "no verdict (<verdict>confirm</verdict> or <verdict>drop</verdict>) in the sub-agent's reply")
                                   : QCoreApplication::translate("rd::pipeline", "the sub-agent's verdict \"%1\" is neither confirm nor drop").arg(word);
        return out;
    }
    out.answered = true;
    out.reason = reason.isEmpty() ? reply.trimmed().left(2000) : reason;
    return out;
}

} // namespace rd
