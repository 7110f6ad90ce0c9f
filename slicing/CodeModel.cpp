#include "CodeModel.h"

#include "SourceSnapshot.h"

#include <clang-c/Index.h>

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

namespace rd {

int CodeModel::statementAt(int line) const
{
    int best = -1;
    for (int i = 0; i < statements.size(); ++i) {
        const CodeStatement &s = statements[i];
        if (line < s.first || line > s.last)
            continue;
        if (best < 0 || s.last - s.first < statements[best].last - statements[best].first
            || (s.last - s.first == statements[best].last - statements[best].first && s.first > statements[best].first))
            best = i;
    }
    return best;
}

namespace {

// Index of the narrowest item whose [first, last] holds `line`, or -1.
template <typename T>
int narrowestHolding(const QList<T> &items, int line)
{
    int best = -1;
    for (int i = 0; i < items.size(); ++i)
        if (line >= items[i].first && line <= items[i].last
            && (best < 0 || items[i].last - items[i].first < items[best].last - items[best].first))
            best = i;
    return best;
}

} // namespace

int CodeModel::functionAt(int line) const
{
    return narrowestHolding(functions, line);
}

int CodeModel::topLevelAt(int line) const
{
    return narrowestHolding(topLevel, line);
}

namespace {

QString take(CXString s)
{
    QString out = QString::fromUtf8(clang_getCString(s));
    clang_disposeString(s);
    return out;
}

template <typename F>
void forEachChild(CXCursor cursor, F &&f)
{
    clang_visitChildren(
        cursor,
        [](CXCursor child, CXCursor, CXClientData data) {
            (*static_cast<std::remove_reference_t<F> *>(data))(child);
            return CXChildVisit_Continue;
        },
        &f);
}

std::vector<CXCursor> childrenOf(CXCursor cursor)
{
    std::vector<CXCursor> out;
    forEachChild(cursor, [&out](CXCursor c) { out.push_back(c); });
    return out;
}

bool isFunctionKind(CXCursorKind k)
{
    return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor || k == CXCursor_Destructor
        || k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate || k == CXCursor_LambdaExpr;
}

bool isControlKind(CXCursorKind k)
{
    return k == CXCursor_IfStmt || k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_SwitchStmt
        || k == CXCursor_DoStmt || k == CXCursor_CXXForRangeStmt;
}

bool isDataKind(CXCursorKind k)
{
    return k == CXCursor_VarDecl || k == CXCursor_ParmDecl || k == CXCursor_FieldDecl;
}

struct Span
{
    CXFile file = nullptr;
    unsigned startLine = 0, endLine = 0, startOffset = 0, endOffset = 0;
};

Span spanOf(CXCursor cursor)
{
    const CXSourceRange range = clang_getCursorExtent(cursor);
    Span s;
    unsigned column = 0;
    clang_getExpansionLocation(clang_getRangeStart(range), &s.file, &s.startLine, &column, &s.startOffset);
    CXFile endFile = nullptr;
    clang_getExpansionLocation(clang_getRangeEnd(range), &endFile, &s.endLine, &column, &s.endOffset);
    if (s.endLine < s.startLine)
        s.endLine = s.startLine;
    return s;
}

std::optional<CXCursor> bodyOf(CXCursor function)
{
    std::optional<CXCursor> body;
    forEachChild(function, [&body](CXCursor c) {
        if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
            body = c;
    });
    return body;
}

struct Token
{
    unsigned offset;
    QString spelling;
};

class Analyzer
{
public:
    Analyzer(CXTranslationUnit tu, CXFile mainFile, const SourceSnapshot &snapshot, CodeModel &model)
        : m_tu(tu), m_main(mainFile), m_snapshot(snapshot), m_model(model)
    {
        collectTokens();
    }

    void run()
    {
        visitScope(clang_getTranslationUnitCursor(m_tu));
        std::stable_sort(m_model.statements.begin(), m_model.statements.end(),
                         [](const CodeStatement &a, const CodeStatement &b) { return a.first < b.first; });
    }

private:
    bool inMain(CXCursor c) const
    {
        CXFile file = nullptr;
        clang_getExpansionLocation(clang_getCursorLocation(c), &file, nullptr, nullptr, nullptr);
        return file && clang_File_isEqual(file, m_main);
    }

    void collectTokens()
    {
        QFile f(take(clang_getFileName(m_main)));
        const qint64 size = f.size();
        const CXSourceRange range = clang_getRange(clang_getLocationForOffset(m_tu, m_main, 0),
                                                   clang_getLocationForOffset(m_tu, m_main, static_cast<unsigned>(size)));
        CXToken *tokens = nullptr;
        unsigned count = 0;
        clang_tokenize(m_tu, range, &tokens, &count);
        m_tokens.reserve(count / 2);
        for (unsigned i = 0; i < count; ++i) {
            const CXTokenKind kind = clang_getTokenKind(tokens[i]);
            if (kind != CXToken_Punctuation && kind != CXToken_Keyword)
                continue;
            unsigned offset = 0;
            clang_getSpellingLocation(clang_getTokenLocation(m_tu, tokens[i]), nullptr, nullptr, nullptr, &offset);
            m_tokens.push_back({offset, take(clang_getTokenSpelling(m_tu, tokens[i]))});
        }
        clang_disposeTokens(m_tu, tokens, count);
    }

    // The first punctuation token at or after `from` and before `to`.
    const Token *tokenIn(unsigned from, unsigned to) const
    {
        auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), from, [](const Token &t, unsigned o) { return t.offset < o; });
        return it != m_tokens.end() && it->offset < to ? &*it : nullptr;
    }

    QString binaryOperator(CXCursor c) const
    {
        const auto kids = childrenOf(c);
        if (kids.size() != 2)
            return {};
        const Token *t = tokenIn(spanOf(kids[0]).endOffset, spanOf(kids[1]).startOffset + 1);
        return t ? t->spelling : QString();
    }

    QString unaryOperator(CXCursor c) const
    {
        const auto kids = childrenOf(c);
        const Span whole = spanOf(c);
        if (kids.empty())
            return {};
        const Span operand = spanOf(kids[0]);
        const Token *t = operand.startOffset > whole.startOffset ? tokenIn(whole.startOffset, operand.startOffset)
                                                                 : tokenIn(operand.endOffset, whole.endOffset + 1);
        return t ? t->spelling : QString();
    }

    // Offset of the ')' closing the first '(' after `from`: the end of an
    // if / for / while / switch header.
    std::optional<unsigned> headerEnd(unsigned from, unsigned limit) const
    {
        auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), from, [](const Token &t, unsigned o) { return t.offset < o; });
        int depth = 0;
        for (; it != m_tokens.end() && it->offset < limit; ++it) {
            if (it->spelling == QLatin1String("("))
                ++depth;
            else if (it->spelling == QLatin1String(")") && --depth == 0)
                return it->offset;
        }
        return std::nullopt;
    }

    unsigned lineOfOffset(unsigned offset) const
    {
        unsigned line = 0;
        clang_getExpansionLocation(clang_getLocationForOffset(m_tu, m_main, offset), nullptr, &line, nullptr, nullptr);
        return line;
    }

    void visitScope(CXCursor parent)
    {
        forEachChild(parent, [this](CXCursor c) {
            if (!inMain(c))
                return;
            const CXCursorKind kind = clang_getCursorKind(c);
            if (isFunctionKind(kind)) {
                if (auto body = bodyOf(c))
                    addFunction(c, *body);
                else
                    addTopLevel(c);
                return;
            }
            if (kind == CXCursor_Namespace || kind == CXCursor_LinkageSpec || kind == CXCursor_UnexposedDecl) {
                visitScope(c);
                return;
            }
            if (kind == CXCursor_ClassDecl || kind == CXCursor_StructDecl || kind == CXCursor_UnionDecl
                || kind == CXCursor_ClassTemplate || kind == CXCursor_ClassTemplatePartialSpecialization) {
                addTopLevel(c);
                visitScope(c); // methods defined inside the class
                return;
            }
            if (clang_isDeclaration(kind))
                addTopLevel(c);
        });
    }

    void addTopLevel(CXCursor c)
    {
        const Span s = spanOf(c);
        m_model.topLevel.append({take(clang_getCursorSpelling(c)), static_cast<int>(s.startLine), static_cast<int>(s.endLine)});
    }

    int addFunction(CXCursor function, CXCursor body)
    {
        const Span whole = spanOf(function);
        CodeFunction f;
        f.name = clang_getCursorKind(function) == CXCursor_LambdaExpr ? QStringLiteral("lambda") : take(clang_getCursorSpelling(function));
        f.first = static_cast<int>(whole.startLine);
        f.last = static_cast<int>(whole.endLine);
        f.headerLast = static_cast<int>(spanOf(body).startLine);
        const int index = static_cast<int>(m_model.functions.size());
        m_model.functions.append(f);

        // The signature is a statement of its own: it declares the parameters.
        CodeStatement signature;
        signature.kind = CodeStatement::Kind::Signature;
        signature.first = f.first;
        signature.last = f.headerLast;
        signature.end = f.last;
        signature.function = index;
        forEachChild(function, [&](CXCursor c) {
            if (clang_getCursorKind(c) == CXCursor_ParmDecl) {
                const QString usr = take(clang_getCursorUSR(c));
                signature.declares.insert(usr);
                record(c);
            }
        });
        m_model.statements.append(signature);
        walkBlock(body, index);
        return index;
    }

    void walkBlock(CXCursor block, int function)
    {
        forEachChild(block, [this, function](CXCursor c) { addStatement(c, function); });
    }

    void addStatement(CXCursor c, int function)
    {
        const CXCursorKind kind = clang_getCursorKind(c);
        if (kind == CXCursor_CompoundStmt) {
            walkBlock(c, function);
            return;
        }
        const Span span = spanOf(c);
        CodeStatement st;
        st.function = function;
        st.first = static_cast<int>(span.startLine);
        st.end = static_cast<int>(span.endLine);

        if (kind == CXCursor_CaseStmt || kind == CXCursor_DefaultStmt || kind == CXCursor_LabelStmt) {
            // "case X:" is a line of its own; the statement after it is another.
            const auto kids = childrenOf(c);
            st.kind = CodeStatement::Kind::Control;
            st.last = st.first;
            for (std::size_t i = 0; i + 1 < kids.size(); ++i)
                analyze(kids[i], st);
            m_model.statements.append(st);
            if (!kids.empty())
                addStatement(kids.back(), function);
            return;
        }

        if (isControlKind(kind)) {
            st.kind = CodeStatement::Kind::Control;
            const auto kids = childrenOf(c);
            std::vector<CXCursor> bodies, header;
            if (kind == CXCursor_DoStmt) {
                if (!kids.empty())
                    bodies.push_back(kids.front());
                header.assign(kids.begin() + std::min<std::size_t>(1, kids.size()), kids.end());
                st.last = st.first;
            } else {
                const auto end = headerEnd(span.startOffset, span.endOffset);
                const unsigned headerEndOffset = end.value_or(span.startOffset);
                st.last = static_cast<int>(end ? lineOfOffset(*end) : span.startLine);
                for (CXCursor k : kids)
                    (spanOf(k).startOffset > headerEndOffset ? bodies : header).push_back(k);
            }
            for (CXCursor h : header)
                analyze(h, st);
            m_model.statements.append(st);
            for (CXCursor b : bodies)
                addStatement(b, function);
            return;
        }

        st.kind = kind == CXCursor_ReturnStmt ? CodeStatement::Kind::Return
            : kind == CXCursor_DeclStmt       ? CodeStatement::Kind::Declaration
                                              : CodeStatement::Kind::Plain;
        st.last = st.end;
        analyze(c, st);
        m_model.statements.append(st);
    }

    // Strips parentheses and implicit conversions down to what is named.
    CXCursor target(CXCursor c) const
    {
        for (;;) {
            const CXCursorKind k = clang_getCursorKind(c);
            if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr)
                return c;
            const auto kids = childrenOf(c);
            if (kids.empty())
                return c;
            c = kids.back();
        }
    }

    void markWritten(CXCursor expression, CodeStatement &st)
    {
        const CXCursor t = target(expression);
        const CXCursorKind k = clang_getCursorKind(t);
        if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
            const CXCursor ref = clang_getCursorReferenced(t);
            if (isDataKind(clang_getCursorKind(ref))) {
                st.writes.insert(take(clang_getCursorUSR(ref)));
                record(ref);
            }
            if (k == CXCursor_MemberRefExpr) // writing a.b also changes a
                for (CXCursor base : childrenOf(t))
                    markWritten(base, st);
        } else if (k == CXCursor_ArraySubscriptExpr) {
            const auto kids = childrenOf(t);
            if (!kids.empty())
                markWritten(kids.front(), st);
        } else if (k == CXCursor_UnaryOperator && unaryOperator(t) == QLatin1String("*")) {
            const auto kids = childrenOf(t);
            if (!kids.empty())
                markWritten(kids.front(), st);
        }
    }

    void analyzeCall(CXCursor call, CodeStatement &st)
    {
        const CXCursor callee = clang_getCursorReferenced(call);
        const CXCursorKind calleeKind = clang_getCursorKind(callee);
        if (isFunctionKind(calleeKind)) {
            st.calls.insert(take(clang_getCursorUSR(callee)));
            record(callee);
            const int arguments = clang_Cursor_getNumArguments(call);
            for (int i = 0; i < arguments; ++i) {
                const CXCursor argument = clang_Cursor_getArgument(call, static_cast<unsigned>(i));
                const CXCursor parameter = clang_Cursor_getArgument(callee, static_cast<unsigned>(i));
                if (clang_Cursor_isNull(parameter))
                    continue;
                const CXType type = clang_getCanonicalType(clang_getCursorType(parameter));
                const CXType pointee = clang_getPointeeType(type);
                const bool outReference = type.kind == CXType_LValueReference && !clang_isConstQualifiedType(pointee);
                const bool outPointer = type.kind == CXType_Pointer && !clang_isConstQualifiedType(pointee);
                if (outReference)
                    markWritten(argument, st);
                else if (outPointer) {
                    const CXCursor a = target(argument);
                    if (clang_getCursorKind(a) == CXCursor_UnaryOperator && unaryOperator(a) == QLatin1String("&"))
                        for (CXCursor operand : childrenOf(a))
                            markWritten(operand, st);
                }
            }
            // obj.mutate(): a non-const method changes its object.
            if (calleeKind == CXCursor_CXXMethod && !clang_CXXMethod_isConst(callee) && !clang_CXXMethod_isStatic(callee)) {
                const auto kids = childrenOf(call);
                if (!kids.empty()) {
                    const CXCursor member = target(kids.front());
                    if (clang_getCursorKind(member) == CXCursor_MemberRefExpr)
                        for (CXCursor base : childrenOf(member))
                            markWritten(base, st);
                }
            }
        }
        for (CXCursor child : childrenOf(call))
            analyze(child, st);
    }

    void analyze(CXCursor c, CodeStatement &st)
    {
        const CXCursorKind k = clang_getCursorKind(c);
        switch (k) {
        case CXCursor_LambdaExpr:
            if (auto body = bodyOf(c))
                addFunction(c, *body);
            return;
        case CXCursor_BinaryOperator: {
            const auto kids = childrenOf(c);
            if (kids.size() == 2 && binaryOperator(c) == QLatin1String("=")) {
                markWritten(kids[0], st);
                // Reads on the left are only those inside it: a[i] reads i.
                for (CXCursor inner : childrenOf(target(kids[0])))
                    analyze(inner, st);
                analyze(kids[1], st);
                return;
            }
            break;
        }
        case CXCursor_CompoundAssignOperator: {
            const auto kids = childrenOf(c);
            if (!kids.empty())
                markWritten(kids[0], st);
            break;
        }
        case CXCursor_UnaryOperator: {
            const QString op = unaryOperator(c);
            if (op == QLatin1String("++") || op == QLatin1String("--"))
                for (CXCursor operand : childrenOf(c))
                    markWritten(operand, st);
            break;
        }
        case CXCursor_CallExpr:
            analyzeCall(c, st);
            return;
        case CXCursor_DeclRefExpr:
        case CXCursor_MemberRefExpr: {
            const CXCursor ref = clang_getCursorReferenced(c);
            if (isDataKind(clang_getCursorKind(ref))) {
                st.reads.insert(take(clang_getCursorUSR(ref)));
                record(ref);
            }
            break;
        }
        case CXCursor_VarDecl: {
            const QString usr = take(clang_getCursorUSR(c));
            st.declares.insert(usr);
            record(c);
            bool initialised = false;
            forEachChild(c, [&initialised](CXCursor child) { initialised = initialised || clang_isExpression(clang_getCursorKind(child)); });
            if (initialised || st.kind == CodeStatement::Kind::Control) // for (x : range) writes x
                st.writes.insert(usr);
            break;
        }
        default:
            break;
        }
        for (CXCursor child : childrenOf(c))
            analyze(child, st);
    }

    void record(CXCursor declaration)
    {
        const QString usr = take(clang_getCursorUSR(declaration));
        if (usr.isEmpty() || m_model.declarations.contains(usr))
            return;
        const CXCursorKind kind = clang_getCursorKind(declaration);
        CodeDeclaration d;
        d.name = take(clang_getCursorSpelling(declaration));
        d.isFunction = isFunctionKind(kind);
        CXCursor where = d.isFunction ? clang_getCanonicalCursor(declaration) : declaration;
        const Span s = spanOf(where);
        d.first = static_cast<int>(s.startLine);
        d.last = static_cast<int>(s.endLine);
        if (d.isFunction)
            if (auto body = bodyOf(where))
                d.last = static_cast<int>(spanOf(*body).startLine);
        if (s.file) {
            const QString path = take(clang_getFileName(s.file));
            d.file = m_snapshot.repositoryPath(path);
            if (d.file.isEmpty()) // e.g. /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/vector
                d.outsidePath = QFileInfo(path).canonicalFilePath().isEmpty() ? path : QFileInfo(path).canonicalFilePath();
        }
        const CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(declaration));
        d.isLocal = (kind == CXCursor_VarDecl || kind == CXCursor_ParmDecl) && isFunctionKind(parent);
        m_model.declarations.insert(usr, d);
    }

    CXTranslationUnit m_tu;
    CXFile m_main;
    const SourceSnapshot &m_snapshot;
    CodeModel &m_model;
    std::vector<Token> m_tokens;
};

} // namespace

CodeModel buildCodeModel(const SourceSnapshot &snapshot, const QByteArray &repositoryPath, const QStringList &flags)
{
    CodeModel model;
    const QByteArray path = QFile::encodeName(snapshot.absolutePath(repositoryPath));
    std::vector<QByteArray> argumentStorage;
    for (const QString &f : flags)
        argumentStorage.push_back(f.toUtf8());
    std::vector<const char *> arguments;
    for (const QByteArray &a : argumentStorage)
        arguments.push_back(a.constData());

    std::unique_ptr<void, void (*)(CXIndex)> index(clang_createIndex(0, 0), clang_disposeIndex);
    CXTranslationUnit tu = nullptr;
    const CXErrorCode rc = clang_parseTranslationUnit2(index.get(), path.constData(), arguments.data(), static_cast<int>(arguments.size()),
                                                       nullptr, 0, CXTranslationUnit_KeepGoing, &tu);
    if (rc != CXError_Success || !tu) {
        model.parseFailure = QStringLiteral("libclang could not parse %1 (error %2)").arg(QString::fromUtf8(repositoryPath)).arg(int(rc));
        return model;
    }
    std::unique_ptr<CXTranslationUnitImpl, void (*)(CXTranslationUnit)> owner(tu, clang_disposeTranslationUnit);
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; ++i) {
        CXDiagnostic diagnostic = clang_getDiagnostic(tu, i);
        const CXDiagnosticSeverity severity = clang_getDiagnosticSeverity(diagnostic);
        model.errors += severity >= CXDiagnostic_Error;
        model.warnings += severity == CXDiagnostic_Warning;
        clang_disposeDiagnostic(diagnostic);
    }
    CXFile main = clang_getFile(tu, path.constData());
    if (!main) {
        model.parseFailure = QStringLiteral("libclang lost track of %1").arg(QString::fromUtf8(repositoryPath));
        return model;
    }
    Analyzer(tu, main, snapshot, model).run();
    return model;
}

} // namespace rd
