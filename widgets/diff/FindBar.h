#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;

namespace rd {

class DiffView;

// Navigate ▸ Find in Diff: the bar under the diff with the text to find,
// previous/next and a close button (Esc). It searches the view it was given
// and hides itself on close, handing the focus back to the diff.
class FindBar : public QWidget
{
    Q_OBJECT

public:
    explicit FindBar(DiffView *view, QWidget *parent = nullptr);

    // Shows the bar with its text selected, ready to type over.
    void open();
    // The next (or previous) match; with nothing to find, opens the bar.
    void find(bool backward);
    // Hides the bar and its highlights; the diff gets the focus back.
    void dismiss();

    QLineEdit *edit() const { return m_edit; }
    // "No more matches" after a search that found none, else empty.
    QString status() const;

private:
    DiffView *m_view;
    QLineEdit *m_edit;
    QLabel *m_status;
};

} // namespace rd
