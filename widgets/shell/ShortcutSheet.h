#pragma once

#include <QDialog>

class QTextBrowser;

namespace rd {

class JudgingController;

// The keys of every command in one sheet (F1 or ?): the judging keys with
// their second keys (scores, categories, context levels, tags), then the
// window's other commands. It reads the actions, so remapped keys show.
class ShortcutSheet : public QDialog
{
    Q_OBJECT

public:
    ShortcutSheet(QWidget *window, const JudgingController *judging, QWidget *parent = nullptr);
    QString text() const;

private:
    QTextBrowser *m_browser = nullptr;
};

} // namespace rd
